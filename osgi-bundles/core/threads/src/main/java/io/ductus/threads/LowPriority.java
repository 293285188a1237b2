package io.ductus.threads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lowers a thread's scheduling priority for the operating system itself. Java's thread priorities are hints
 * Linux ignores (without root and -XX:ThreadPriorityPolicy), so a thread scanning for a person (a text search,
 * a replay) would compete with intake and the workers as an equal: on two cores one scan at a time took half
 * the machine, and every thread a message passes on its way to its ACK waited for its turn beside it. On Linux
 * a thread is a task with its own id ({@code /proc/thread-self} names it) and nice value, and any process may
 * raise its own tasks' nice value: {@code renice -n 19} on the thread's id makes the scheduler give it only the
 * CPU the others leave. Done once per pool thread, when it starts. Where that is not possible (another system,
 * no renice), the Java priority stays the only hint, logged once.
 */
public final class LowPriority {

    private static final Logger LOG = LoggerFactory.getLogger(LowPriority.class);
    /** The nice value given: the lowest there is. */
    public static final int NICE = 19;
    private static volatile boolean warned;

    private LowPriority() {
    }

    /**
     * Platform threads named {@code name-1}, {@code name-2}, … that lower themselves as they start, before they
     * run anything.
     *
     * @param daemon whether they keep the JVM alive
     */
    public static ThreadFactory threads(String name, boolean daemon) {
        AtomicInteger n = new AtomicInteger();
        return task -> {
            Thread t = new Thread(() -> {
                lowerThisThread();
                task.run();
            }, name + "-" + n.incrementAndGet());
            t.setDaemon(daemon);
            t.setPriority(Thread.MIN_PRIORITY);
            return t;
        };
    }

    /** Makes the calling thread the lowest priority there is; true when the operating system was told. */
    public static boolean lowerThisThread() {
        Thread.currentThread().setPriority(Thread.MIN_PRIORITY);
        Path self = Path.of("/proc/thread-self");
        if (!Files.exists(self)) return refused("no /proc/thread-self (not Linux)");
        try {
            String tid = Files.readSymbolicLink(self).getFileName().toString();
            Process p = new ProcessBuilder("renice", "-n", Integer.toString(NICE), "-p", tid).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return refused("renice did not answer");
            }
            return p.exitValue() == 0 || refused("renice: " + said);
        } catch (IOException e) {
            return refused(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean refused(String why) {
        if (!warned) LOG.info("low-priority threads (replays, API callers' reads) keep the normal scheduling priority: {}", why);
        warned = true;
        return false;
    }
}
