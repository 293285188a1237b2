package io.ductus.store.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Reads the child's stdout to its end (the kill closes it), noticing when the child is ready. */
final class ChildOutput implements Runnable {

    /** When to kill the child: asked every few milliseconds from its "ready" on, with its output so far. */
    @FunctionalInterface
    interface Moment {
        boolean reached(ChildOutput output) throws Exception;
    }

    /**
     * The moment once the child worked at least {@code settleMillis} after its "ready" and printed {@code minLines}
     * lines (however busy the machine: up to 30 s), then a random moment within {@code randomMillis} more.
     */
    static Moment settled(long settleMillis, int minLines, int randomMillis) {
        return new Moment() {
            private long readyAt = -1;
            private long killAt = -1;

            @Override
            public boolean reached(ChildOutput output) {
                long now = System.nanoTime();
                if (readyAt < 0) readyAt = now;
                if (killAt < 0 && now - readyAt >= TimeUnit.MILLISECONDS.toNanos(settleMillis)
                        && (output.lines() >= minLines || now - readyAt > TimeUnit.SECONDS.toNanos(30))) {
                    killAt = now + TimeUnit.MILLISECONDS.toNanos(ThreadLocalRandom.current().nextInt(randomMillis));
                }
                return killAt >= 0 && now - killAt >= 0;
            }
        };
    }

    /** {@link #runAndKill(Class, List, Moment, Callable)} with nothing to do just before the kill. */
    static ChildOutput runAndKill(Class<?> main, List<String> args, Moment when) throws Exception {
        return runAndKill(main, args, when, () -> null);
    }

    /**
     * Runs {@code main} in a child JVM on this class path with {@code args} and kills it (SIGKILL) at the moment
     * {@code when} says (looked at from its "ready" on, up to 60 s, however busy the machine); {@code before} runs
     * then, just before the kill. Its output to the kill.
     */
    static ChildOutput runAndKill(Class<?> main, List<String> args, Moment when, Callable<?> before) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(args);
        Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        ChildOutput output = new ChildOutput(child.getInputStream());
        Thread.ofPlatform().daemon().start(output);
        try {
            if (!output.ready.await(30, TimeUnit.SECONDS)) throw new AssertionError("the child did not open the database");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!when.reached(output)) {
                if (System.nanoTime() > deadline) throw new AssertionError("the child never got to the moment to kill it");
                if (!child.isAlive()) throw new AssertionError("the child ended before it was killed");
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
            if (!child.isAlive()) throw new AssertionError("the child ended before it was killed");
            before.call();
        } finally {
            child.destroyForcibly(); // SIGKILL
            child.waitFor(10, TimeUnit.SECONDS);
        }
        if (!output.done.await(10, TimeUnit.SECONDS)) throw new AssertionError("the child's output did not end");
        return output;
    }

    final CountDownLatch ready = new CountDownLatch(1);
    final CountDownLatch done = new CountDownLatch(1);
    private final InputStream in;
    private final ByteArrayOutputStream all = new ByteArrayOutputStream();

    ChildOutput(InputStream in) {
        this.in = in;
    }

    @Override
    public void run() {
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                synchronized (all) {
                    all.write(buffer, 0, n);
                    if (ready.getCount() > 0 && all.toString(StandardCharsets.UTF_8).contains("ready\n")) ready.countDown();
                }
            }
        } catch (IOException e) {
            // the pipe closes when the child dies
        } finally {
            done.countDown();
        }
    }

    byte[] bytes() {
        synchronized (all) {
            return all.toByteArray();
        }
    }

    /** Complete lines so far. */
    int lines() {
        byte[] bytes = bytes();
        int n = 0;
        for (byte b : bytes) if (b == '\n') n++;
        return n;
    }
}
