package io.ductus.sdk.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A short hash of a file's first bytes. With the size and modification time it tells whether the file a
 * saved progress is about is still the same file: a file replaced by another of the same size in the same
 * millisecond still differs here.
 */
public final class FileFingerprint {

    public static final int PREFIX = 4096;

    private FileFingerprint() {
    }

    /** The fingerprint of a local file. */
    public static String of(Path file) throws IOException {
        byte[] prefix;
        try (InputStream in = Files.newInputStream(file)) {
            prefix = in.readNBytes(PREFIX);
        }
        return of(prefix);
    }

    /** The fingerprint of a file whose first {@link #PREFIX} bytes (or all, when shorter) these are. */
    public static String of(byte[] prefix) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(prefix);
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
