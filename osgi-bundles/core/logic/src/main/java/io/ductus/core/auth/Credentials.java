package io.ductus.core.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The bearer secrets the API hands out: tokens ({@code dux_} + 64 hex digits) and session ids
 * ({@code dus_} + 64 hex digits), each made of 32 random bytes the caller supplies. Only their SHA-256
 * is stored: with 256 random bits a fast hash is enough (no one can guess their way back to the secret).
 */
public final class Credentials {

    public static final int RANDOM_BYTES = 32;
    public static final String TOKEN_PREFIX = "dux_";
    public static final String SESSION_PREFIX = "dus_";
    private static final Pattern TOKEN = Pattern.compile("dux_[0-9a-f]{64}");
    private static final Pattern SESSION = Pattern.compile("dus_[0-9a-f]{64}");

    private Credentials() {
    }

    public static String token(byte[] random) {
        return TOKEN_PREFIX + hex(random);
    }

    public static String session(byte[] random) {
        return SESSION_PREFIX + hex(random);
    }

    public static boolean isToken(String text) {
        return text != null && TOKEN.matcher(text).matches();
    }

    public static boolean isSession(String text) {
        return text != null && SESSION.matcher(text).matches();
    }

    /** The stored form: SHA-256, hex. */
    public static String hash(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Compares two secrets in time that does not depend on where they differ. */
    public static boolean same(String a, String b) {
        if (a == null || b == null) return false;
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static String hex(byte[] random) {
        if (random.length != RANDOM_BYTES) throw new IllegalArgumentException("need " + RANDOM_BYTES + " random bytes");
        return HexFormat.of().formatHex(random);
    }
}
