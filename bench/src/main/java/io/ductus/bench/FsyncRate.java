package io.ductus.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The reference every store benchmark compares with: how many small appends forced to disk one after
 * another the disk under a folder does per second, the way a database log commits (append, then
 * fdatasync). Measured in the same run, on the same disk, as the benchmark it is the reference for.
 */
final class FsyncRate {

    private FsyncRate() {
    }

    /** Appends of 4 KiB, each followed by a data sync, for about {@code seconds}; returns syncs per second. */
    static double measure(Path folder, double seconds) throws IOException {
        Files.createDirectories(folder);
        Path file = Files.createTempFile(folder, "fsync-rate", ".bin");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer block = ByteBuffer.allocate(4096);
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            long t0 = System.nanoTime();
            int syncs = 0;
            while (System.nanoTime() < deadline || syncs < 10) {
                block.clear();
                while (block.hasRemaining()) channel.write(block);
                channel.force(false);
                syncs++;
            }
            return syncs / ((System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
