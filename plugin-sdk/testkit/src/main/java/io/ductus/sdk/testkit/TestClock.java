package io.ductus.sdk.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A clock (in UTC) that stands still until a test moves it: for a {@link TestConnectorContext} and the like.
 * A context made by {@link TestConnectorContext#onTestClock} schedules on it too: what a connector scheduled
 * runs when the test advances the clock past its time, so a test makes hours pass without waiting for them.
 */
public final class TestClock extends Clock {

    private volatile Instant now;
    private final List<Runnable> advanced = new CopyOnWriteArrayList<>();

    public TestClock(Instant start) {
        this.now = start;
    }

    /** Moves the clock on; then runs, on this thread, what was scheduled on it for up to the new time. */
    public void advance(Duration by) {
        if (by.isNegative()) throw new IllegalArgumentException("a test clock goes forward: " + by);
        synchronized (this) {
            now = now.plus(by);
        }
        for (Runnable listener : advanced) listener.run();
    }

    /** Called after each {@link #advance}: the schedulers made on this clock run what fell due. */
    void onAdvance(Runnable listener) {
        advanced.add(listener);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
