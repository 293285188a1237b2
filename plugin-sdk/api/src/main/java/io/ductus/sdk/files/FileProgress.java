package io.ductus.sdk.files;

import io.ductus.sdk.records.Position;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How far the source has read the file it is on, saved with each batch in the same transaction as the
 * batch's records. After a crash the source reads on from {@link #position()} if the file is still the
 * same (size, modification time and the fingerprint of its first bytes), or from the start if it changed.
 * {@code done} is saved with the last batch, so a crash before the file is moved away does not read it again.
 *
 * @param name        the file's name in the watched folder
 * @param size        its size when reading began
 * @param modified    its modification time then (Unix ms)
 * @param fingerprint a hash of its first bytes ({@link FileFingerprint})
 * @param offset      bytes consumed: the end of the last stored record
 * @param line        the line number at that offset
 * @param records     records stored from this file so far
 * @param done        whether every record of the file is stored
 */
public record FileProgress(String name, long size, long modified, String fingerprint, long offset, long line, long records,
                    boolean done) {

    /** The key the progress is saved under: one file is read at a time, so one row per interface. */
    public static final String KEY = "file";

    /** Nothing read yet from this file. */
    public static FileProgress start(ListedFile file, String fingerprint) {
        return new FileProgress(file.name(), file.size(), file.modified(), fingerprint, 0, 1, 0, false);
    }

    /** The same file as this progress is about: same name, size, time and first bytes. */
    public boolean sameFile(ListedFile file, String fingerprint) {
        return file.name().equals(name) && file.size() == size && file.modified() == modified && fingerprint.equals(this.fingerprint);
    }

    /** The file as it was when this progress was saved. */
    public ListedFile file() {
        return new ListedFile(name, size, modified);
    }

    /** Where reading goes on. */
    public Position position() {
        return new Position(offset, line);
    }

    /** After {@code more} records, ending at {@code next}. */
    public FileProgress advance(Position next, long more, boolean last) {
        return new FileProgress(name, size, modified, fingerprint, next.offset(), next.line(), records + more, last);
    }

    /** The saved text: key=value pairs, the name last so that it may hold any character. */
    public String encode() {
        return "size=" + size + " modified=" + modified + " fingerprint=" + fingerprint + " offset=" + offset + " line=" + line
                + " records=" + records + " done=" + done + " name=" + name;
    }

    /** Reads {@link #encode()}'s text; empty when it is not that (an older or foreign format: start the file over). */
    public static Optional<FileProgress> decode(String text) {
        int at = text.indexOf(" name=");
        if (at < 0) return Optional.empty();
        Map<String, String> values = new HashMap<>();
        for (String pair : text.substring(0, at).split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) values.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        try {
            return Optional.of(new FileProgress(text.substring(at + " name=".length()), Long.parseLong(values.get("size")),
                    Long.parseLong(values.get("modified")), values.getOrDefault("fingerprint", ""), Long.parseLong(values.get("offset")),
                    Long.parseLong(values.get("line")), Long.parseLong(values.get("records")), Boolean.parseBoolean(values.get("done"))));
        } catch (NumberFormatException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
