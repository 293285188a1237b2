package io.ductus.store.contract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/** Reads the child's stdout to its end (the kill closes it), noticing when the child is ready. */
final class ChildOutput implements Runnable {
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
