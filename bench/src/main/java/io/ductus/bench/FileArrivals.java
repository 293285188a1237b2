package io.ductus.bench;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * When each file appeared in a folder under its final name, on this JVM's monotonic clock: a thread takes
 * the folder's create events (inotify on Linux; a rename into the folder counts as a create) as they come.
 * Temporary dot-names are left out. If the watch overflows, the folder is listed and every file not yet
 * seen gets the listing's time: later than its arrival, never earlier (counted in {@link #listed()}).
 */
final class FileArrivals implements AutoCloseable {

    private final Path folder;
    private final WatchService watcher;
    private final Map<String, Long> seenAt = new ConcurrentHashMap<>();
    private final AtomicLong listed = new AtomicLong();
    private final Thread thread;

    private FileArrivals(Path folder) throws IOException {
        this.folder = folder;
        this.watcher = folder.getFileSystem().newWatchService();
        folder.register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
        this.thread = Thread.ofPlatform().daemon(true).name("file-arrivals").start(this::take);
    }

    /** Starts watching {@code folder}, which must exist. */
    static FileArrivals watch(Path folder) throws IOException {
        return new FileArrivals(folder);
    }

    private void take() {
        try {
            while (true) {
                WatchKey key = watcher.take();
                long now = System.nanoTime();
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (event.kind() == StandardWatchEventKinds.OVERFLOW) list(now);
                    else if (event.context() instanceof Path name) seen(name.toString(), now);
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed
        }
    }

    private void seen(String name, long at) {
        if (!name.startsWith(".")) seenAt.putIfAbsent(name, at);
    }

    private void list(long at) {
        try (Stream<Path> files = Files.list(folder)) {
            files.forEach(f -> {
                if (!f.getFileName().toString().startsWith(".") && seenAt.putIfAbsent(f.getFileName().toString(), at) == null) {
                    listed.incrementAndGet();
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + folder + ": " + e.getMessage(), e);
        }
    }

    /** Waits until every one of {@code names} has appeared (bounded); returns when each did. */
    Map<String, Long> await(Set<String> names, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!seenAt.keySet().containsAll(names)) {
            if (System.nanoTime() > deadline) {
                long missing = names.stream().filter(n -> !seenAt.containsKey(n)).count();
                throw new IllegalStateException(missing + " of " + names.size() + " files did not appear in " + folder);
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        Map<String, Long> times = new HashMap<>();
        for (String name : names) times.put(name, seenAt.get(name));
        return times;
    }

    /** Files whose time came from a listing after an overflow (an upper bound of their arrival). */
    long listed() {
        return listed.get();
    }

    @Override
    public void close() throws IOException {
        watcher.close();
        thread.interrupt();
    }
}
