package io.ductus.connector.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file so that nobody sees half of it: first under a temporary dot-name in the target folder (made
 * when missing), then renamed into place, replacing what was there. With {@code fsync} the file and its
 * folder are forced to disk before this returns.
 *
 * <p>A destination writes one file per message, so the common case costs four system calls (create, write,
 * close, rename): the folder is made only when creating the file finds it missing, and the temporary name is
 * removed only when the rename did not happen. Every extra call on a folder (a mkdir that finds it, an unlink
 * of a name already renamed) takes the folder's lock, which concurrent workers writing there contend for.
 */
final class WholeFile {

    private WholeFile() {
    }

    static void write(Path target, byte[] content, boolean fsync) throws IOException {
        write(target, content, fsync, () -> { });
    }

    /**
     * @param fence checked before the temporary file is made and again right before the rename that makes the file
     *              seen; when it throws, the temporary file is removed and the target left as it was
     */
    static void write(Path target, byte[] content, boolean fsync, Runnable fence) throws IOException {
        fence.run();
        // Unique enough among writers of one folder; CREATE_NEW refuses the one-in-2^64 clash rather than share it.
        Path temporary = target.resolveSibling("." + target.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            writeNew(temporary, content, fsync);
            fence.run();
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        if (fsync) forceFolder(target.getParent());
    }

    private static void writeNew(Path file, byte[] content, boolean fsync) throws IOException {
        FileChannel created;
        try {
            created = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (NoSuchFileException missingFolder) {
            Files.createDirectories(file.getParent());
            created = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
        try (FileChannel channel = created) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) channel.write(buffer);
            if (fsync) channel.force(true);
        }
    }

    /** Makes the rename durable: on Linux a folder's entries reach the disk when the folder is forced. */
    private static void forceFolder(Path folder) throws IOException {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
