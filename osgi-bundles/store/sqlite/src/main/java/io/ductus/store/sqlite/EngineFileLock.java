package io.ductus.store.sqlite;

import io.ductus.store.StoreException;
import io.ductus.store.jdbc.LocalHost;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One engine per SQLite file: an engine holds an exclusive lock on {@code FILE.engine} beside the database
 * for its whole run (the operating system frees it when the process ends, however it ends), and writes its
 * process id and host into it, so that a second engine refused can say which process holds the file.
 */
final class EngineFileLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private EngineFileLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static Path lockFile(Path database) {
        return database.resolveSibling(database.getFileName() + ".engine");
    }

    /** Takes the lock of {@code database}'s engine, or throws a StoreException that names the holder. */
    static EngineFileLock take(Path database) {
        Path file = lockFile(database);
        FileChannel channel = null;
        try {
            if (file.getParent() != null) Files.createDirectories(file.getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                lock = null;
            }
            if (lock == null) {
                String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
                channel.close();
                throw new StoreException("another engine runs on " + database + " (" + (holder.isEmpty() ? "a process" : holder)
                        + " holds " + file.getFileName() + "): one engine per SQLite file; stop it, or use PostgreSQL for several engines");
            }
            String me = "process " + ProcessHandle.current().pid() + " on " + LocalHost.name();
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(me.getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new EngineFileLock(channel, lock);
        } catch (IOException e) {
            try {
                if (channel != null) channel.close();
            } catch (IOException ignored) {
                // the first error is the one reported
            }
            throw new StoreException("cannot lock " + file + " (one engine per SQLite file): " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }

    @Override
    public String toString() {
        return "the SQLite engine lock";
    }
}
