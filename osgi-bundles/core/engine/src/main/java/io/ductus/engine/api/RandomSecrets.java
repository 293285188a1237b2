package io.ductus.engine.api;

import io.ductus.core.auth.Credentials;
import java.security.SecureRandom;
import java.util.HexFormat;

/** New tokens, session ids and anti-CSRF tokens: 32 bytes from the system's secure random source each. */
public final class RandomSecrets {

    private final SecureRandom random = new SecureRandom();

    public String token() {
        return Credentials.token(bytes());
    }

    public String session() {
        return Credentials.session(bytes());
    }

    public String csrf() {
        return HexFormat.of().formatHex(bytes());
    }

    private byte[] bytes() {
        byte[] b = new byte[Credentials.RANDOM_BYTES];
        random.nextBytes(b);
        return b;
    }
}
