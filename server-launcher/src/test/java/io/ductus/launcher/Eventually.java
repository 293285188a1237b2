package io.ductus.launcher;

import java.time.Duration;

/** Polls an assertion until it holds or the deadline passes (then the last failure is thrown). */
final class Eventually {

    interface Check {
        void run() throws Exception;
    }

    private Eventually() {
    }

    static void within(Duration limit, Check check) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                check.run();
                return;
            } catch (AssertionError | Exception e) {
                if (System.nanoTime() > deadline) throw e;
                Thread.sleep(100);
            }
        }
    }
}
