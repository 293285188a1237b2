package io.ductus.core.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Password hashes: argon2id (Bouncy Castle's generator) with the parameters OWASP recommends (19 MiB, two
 * passes, one lane), written as a PHC string ({@code $argon2id$v=19$m=19456,t=2,p=1$salt$hash}) so that
 * stronger parameters later still verify the hashes made now. Hashing takes tens of milliseconds on
 * purpose: callers run it off event loops and bound how many run at once.
 */
public final class Passwords {

    public static final int MIN_LENGTH = 12;
    /** Longer input is refused before hashing: nobody types 1 KiB, and hashing it would only cost CPU. */
    public static final int MAX_LENGTH = 1024;
    public static final int SALT_BYTES = 16;
    static final int MEMORY_KIB = 19 * 1024;
    static final int ITERATIONS = 2;
    static final int PARALLELISM = 1;
    static final int HASH_BYTES = 32;
    private static final Pattern PHC = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=(\\d{1,7}),t=(\\d{1,3}),p=(\\d{1,2})\\$([A-Za-z0-9+/]+)\\$([A-Za-z0-9+/]+)");
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64_IN = Base64.getDecoder();

    private Passwords() {
    }

    /** The PHC string of {@code password} with the given random salt ({@link #SALT_BYTES} bytes). */
    public static String hash(String password, byte[] salt) {
        if (salt.length != SALT_BYTES) throw new IllegalArgumentException("need a " + SALT_BYTES + "-byte salt");
        byte[] hash = argon2id(password, salt, MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=" + PARALLELISM + "$"
                + B64.encodeToString(salt) + "$" + B64.encodeToString(hash);
    }

    /** True when {@code password} matches the PHC string; false for any other string, never an exception. */
    public static boolean verify(String password, String encoded) {
        if (password == null || encoded == null || password.length() > MAX_LENGTH) return false;
        Matcher m = PHC.matcher(encoded);
        if (!m.matches()) return false;
        byte[] salt = B64_IN.decode(m.group(4));
        byte[] expected = B64_IN.decode(m.group(5));
        byte[] actual = argon2id(password, salt, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)), expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    /** Why {@code password} may not be chosen by {@code username}, or empty when it may. */
    public static Optional<String> weakness(String password, String username) {
        if (password == null || password.length() < MIN_LENGTH) {
            return Optional.of("a password needs at least " + MIN_LENGTH + " characters");
        }
        if (password.length() > MAX_LENGTH) return Optional.of("a password may have at most " + MAX_LENGTH + " characters");
        if (password.equalsIgnoreCase(username)) return Optional.of("the password must not be the user name");
        return Optional.empty();
    }

    private static byte[] argon2id(String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2Parameters parameters = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib)
                .withIterations(iterations)
                .withParallelism(parallelism)
                .withSalt(salt)
                .build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(parameters);
        byte[] out = new byte[length];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
