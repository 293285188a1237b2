package io.ductus.sdk.testkit;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorLogger;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Scheduler;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A connector context for tests: a log kept in memory, statuses recorded, and a scheduler: a real
 * scheduler thread, or the test clock itself ({@link #onTestClock}: tasks run as the test advances the
 * clock, without waiting).
 */
public final class TestConnectorContext implements ConnectorContext, AutoCloseable {

    private final String interfaceName;
    private final String connectorName;
    private final Clock clock;
    private final Path dataDirectory;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "testkit-scheduler");
        t.setDaemon(true);
        return t;
    });
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<String> statuses = new CopyOnWriteArrayList<>();
    private final TestClockScheduler onTestClock;

    /** A context whose clock is {@code clock} and whose scheduler waits in real time on its own thread. */
    public TestConnectorContext(String interfaceName, String connectorName, Clock clock, Path dataDirectory) {
        this(interfaceName, connectorName, clock, dataDirectory, null);
    }

    private TestConnectorContext(String interfaceName, String connectorName, Clock clock, Path dataDirectory,
                                 TestClockScheduler onTestClock) {
        this.interfaceName = interfaceName;
        this.connectorName = connectorName;
        this.clock = clock;
        this.dataDirectory = dataDirectory;
        this.onTestClock = onTestClock;
    }

    /**
     * A context that schedules on its test clock: what the connector schedules runs when the test advances
     * the clock past its time, on the advancing thread, so a test of hours waits for none of them.
     *
     * @since 1.4
     */
    public static TestConnectorContext onTestClock(String interfaceName, String connectorName, TestClock clock, Path dataDirectory) {
        return new TestConnectorContext(interfaceName, connectorName, clock, dataDirectory, new TestClockScheduler(clock));
    }

    @Override
    public String interfaceName() {
        return interfaceName;
    }

    @Override
    public String connectorName() {
        return connectorName;
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public Path dataDirectory() {
        return dataDirectory;
    }

    @Override
    public void statusChanged(ConnectorStatus status, String detail) {
        statuses.add(status + ": " + detail);
    }

    /** Every status reported, as "STATUS: detail". */
    public List<String> statuses() {
        return List.copyOf(statuses);
    }

    /** Every log line, as "LEVEL message". */
    public List<String> logLines() {
        return List.copyOf(log);
    }

    @Override
    public ConnectorLogger log() {
        return new ConnectorLogger() {
            @Override
            public void debug(String message) {
                log.add("DEBUG " + message);
            }

            @Override
            public void info(String message) {
                log.add("INFO " + message);
            }

            @Override
            public void warn(String message) {
                log.add("WARN " + message);
            }

            @Override
            public void error(String message, Throwable cause) {
                log.add("ERROR " + message + (cause == null ? "" : " (" + cause + ")"));
            }
        };
    }

    @Override
    public Scheduler scheduler() {
        if (onTestClock != null) return onTestClock;
        return new Scheduler() {
            @Override
            public Cancellable schedule(Duration delay, Runnable task) {
                ScheduledFuture<?> f = executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
                return () -> f.cancel(false);
            }

            @Override
            public Cancellable scheduleEvery(Duration initialDelay, Duration period, Runnable task) {
                ScheduledFuture<?> f = executor.scheduleAtFixedRate(task, initialDelay.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
                return () -> f.cancel(false);
            }
        };
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
