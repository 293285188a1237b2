package io.ductus.format.internal;

import io.ductus.format.split.RecordFormatException;
import java.util.Arrays;

/** The bytes of the record being read, up to a limit, reused from record to record. */
public final class RecordBuffer {

    private final int limit;
    private byte[] bytes = new byte[4096];
    private int size;
    private long line; // where the record starts, for the message when it grows too big

    public RecordBuffer(int limit) {
        this.limit = limit;
    }

    public void reset(long startLine) {
        size = 0;
        line = startLine;
    }

    public void append(byte[] from, int offset, int length) throws RecordFormatException {
        if (length > limit - size) {
            throw new RecordFormatException(line, "the record that starts here is larger than " + limit + " bytes");
        }
        if (size + length > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(size + length, (int) Math.min(limit, bytes.length * 2L)));
        System.arraycopy(from, offset, bytes, size, length);
        size += length;
    }

    public int size() {
        return size;
    }

    /** Drops everything after the first {@code length} bytes. */
    public void truncate(int length) {
        size = Math.min(size, length);
    }

    /** A copy of the record, with {@code prefix} in front. */
    public byte[] toBytes(byte[] prefix) {
        byte[] out = new byte[prefix.length + size];
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        System.arraycopy(bytes, 0, out, prefix.length, size);
        return out;
    }
}
