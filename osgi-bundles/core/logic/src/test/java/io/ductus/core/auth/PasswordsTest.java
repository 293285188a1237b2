package io.ductus.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.junit.jupiter.api.Test;

class PasswordsTest {

    private static final byte[] SALT = HexFormat.of().parseHex("00112233445566778899aabbccddeeff");

    @Test
    void verifies_the_password_it_hashed_and_no_other() {
        String hash = Passwords.hash("correct horse battery", SALT);
        assertThat(hash).startsWith("$argon2id$v=19$m=19456,t=2,p=1$ABEiM0RVZneImaq7zN3u/w$");
        assertThat(Passwords.verify("correct horse battery", hash)).isTrue();
        assertThat(Passwords.verify("correct horse batterY", hash)).isFalse();
    }

    @Test
    void verifies_with_the_parameters_written_in_the_hash() {
        // A hash made with other (cheaper) parameters by the generator directly: what an older or newer
        // release may have stored.
        byte[] out = new byte[32];
        Argon2BytesGenerator g = new Argon2BytesGenerator();
        g.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(64).withIterations(1).withParallelism(1).withSalt(SALT).build());
        g.generateBytes("secret password".getBytes(), out);
        java.util.Base64.Encoder b64 = java.util.Base64.getEncoder().withoutPadding();
        String stored = "$argon2id$v=19$m=64,t=1,p=1$" + b64.encodeToString(SALT) + "$" + b64.encodeToString(out);
        assertThat(Passwords.verify("secret password", stored)).isTrue();
    }

    @Test
    void anything_but_an_argon2id_hash_never_verifies() {
        assertThat(Passwords.verify("x", null)).isFalse();
        assertThat(Passwords.verify("x", "")).isFalse();
        assertThat(Passwords.verify("x", "$2a$10$abcdefghijklmnopqrstuv")).isFalse();
    }

    @Test
    void refuses_short_passwords_and_the_user_name() {
        assertThat(Passwords.weakness("short", "alice")).contains("a password needs at least 12 characters");
        assertThat(Passwords.weakness("alice.example", "Alice.Example")).contains("the password must not be the user name");
        assertThat(Passwords.weakness("long enough password", "alice")).isEmpty();
    }
}
