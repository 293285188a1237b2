package io.ductus.sdk;

import java.util.Objects;

/**
 * How far a batched source (a file, an SFTP folder, a database cursor) has read, saved by the engine in
 * the same transaction as the records that got it there. After a crash or a stop the source reads it
 * back with {@link Intake#savedProgress} and goes on from there, so every record is stored exactly once.
 *
 * @param key   what the progress is about, chosen by the source (for example {@code "file"}); one saved
 *              value per key and interface, each batch replaces the last
 * @param value the source's own text (offsets, a cursor), at most {@link #MAX_VALUE_LENGTH} characters
 */
public record Progress(String key, String value) {

    public static final int MAX_KEY_LENGTH = 200;
    public static final int MAX_VALUE_LENGTH = 16_384;

    public Progress {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (key.isBlank() || key.length() > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException("a progress key is 1 to " + MAX_KEY_LENGTH + " characters, got '" + key + "'");
        }
        if (value.length() > MAX_VALUE_LENGTH) {
            throw new IllegalArgumentException("progress '" + key + "' is " + value.length() + " characters; at most "
                    + MAX_VALUE_LENGTH + " are kept");
        }
    }
}
