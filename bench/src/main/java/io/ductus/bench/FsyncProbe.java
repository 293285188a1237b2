package io.ductus.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The disk's raw sync rate: write one 4 KB block, force it to disk, repeat, on a file in the folder the
 * database lives in (the caller removes the folder). Blocks rotate through 4 MB the way SQLite reuses its WAL file. Both flavours are
 * measured: force(true) is fsync (data and metadata, such as the modification time), which is what
 * SQLite calls at each commit; force(false) is fdatasync (data only), shown for comparison.
 */
final class FsyncProbe {

    private static final int BLOCK = 4096;
    private static final long SPAN = 4L << 20;

    private FsyncProbe() {
    }

    /**
     * The disk's fsync rate (per second) over about {@code seconds}: what every strict commit of the
     * bundled SQLite pays (it calls fsync, with metadata).
     */
    static double perSecond(Path folder, double seconds) throws IOException {
        java.nio.file.Files.createDirectories(folder);
        long millis = Math.max(200, (long) (seconds * 1000));
        return syncs(folder, true, millis) * 1000.0 / millis;
    }

    /** Syncs done in {@code millis}, with or without metadata. */
    static long syncs(Path folder, boolean metadata, long millis) throws IOException {
        Path file = folder.resolve("fsync-probe.bin");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocate(BLOCK);
            if (ch.size() < SPAN) { // laid out once, so the timed loop rewrites blocks like a reused WAL does
                for (long off = 0; off < SPAN; off += BLOCK) ch.write(block.clear(), off);
                ch.force(true);
            }
            long syncs = 0;
            long off = 0;
            long end = System.nanoTime() + millis * 1_000_000;
            while (System.nanoTime() < end) {
                block.clear().putLong(0, syncs);
                ch.write(block, off);
                ch.force(metadata);
                off = (off + BLOCK) % SPAN;
                syncs++;
            }
            return syncs;
        }
    }
}
