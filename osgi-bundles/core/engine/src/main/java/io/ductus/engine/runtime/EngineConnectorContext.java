package io.ductus.engine.runtime;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorLogger;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Scheduler;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the engine gives one connector: names, clock, a scheduler whose tasks die with it, a logger, status. */
final class EngineConnectorContext implements ConnectorContext {

    private final String interfaceName;
    private final String connectorName;
    private final Clock clock;
    private final Path dataDirectory;
    private final ScheduledExecutorService timers;
    private final Logger log;
    private final List<ScheduledFuture<?>> scheduled = new CopyOnWriteArrayList<>();
    private volatile Condition condition = new Condition(ConnectorStatus.OK, null);

    /** What a connector last reported: its status and the detail it gave (null when none). */
    record Condition(ConnectorStatus status, String detail) {
        String text() {
            return status + (detail == null || detail.isBlank() ? "" : ": " + detail);
        }
    }

    EngineConnectorContext(String interfaceName, String connectorName, Clock clock, Path dataDirectory,
                           ScheduledExecutorService timers) {
        this.interfaceName = interfaceName;
        this.connectorName = connectorName;
        this.clock = clock;
        this.dataDirectory = dataDirectory;
        this.timers = timers;
        this.log = LoggerFactory.getLogger("connector." + interfaceName + "." + connectorName);
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
    public void statusChanged(ConnectorStatus newStatus, String detail) {
        Condition now = new Condition(newStatus, detail);
        if (!now.text().equals(condition.text()) && newStatus != ConnectorStatus.OK) log.warn("{}", now.text());
        condition = now;
    }

    Condition condition() {
        return condition;
    }

    @Override
    public ConnectorLogger log() {
        return new ConnectorLogger() {
            @Override
            public void debug(String message) {
                log.debug("{}", message);
            }

            @Override
            public void info(String message) {
                log.info("{}", message);
            }

            @Override
            public void warn(String message) {
                log.warn("{}", message);
            }

            @Override
            public void error(String message, Throwable cause) {
                log.error("{}", message, cause);
            }
        };
    }

    @Override
    public Scheduler scheduler() {
        return new Scheduler() {
            @Override
            public Cancellable schedule(Duration delay, Runnable task) {
                ScheduledFuture<?> f = timers.schedule(guarded(task), delay.toNanos(), TimeUnit.NANOSECONDS);
                scheduled.add(f);
                return () -> f.cancel(false);
            }

            @Override
            public Cancellable scheduleEvery(Duration initialDelay, Duration period, Runnable task) {
                ScheduledFuture<?> f = timers.scheduleAtFixedRate(guarded(task), initialDelay.toNanos(), period.toNanos(),
                        TimeUnit.NANOSECONDS);
                scheduled.add(f);
                return () -> f.cancel(false);
            }
        };
    }

    /** A connector's task that throws must not kill the shared timer thread. */
    private Runnable guarded(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException | LinkageError e) {
                log.error("scheduled task failed", e);
            }
        };
    }

    /** Cancels everything the connector scheduled. */
    void close() {
        scheduled.forEach(f -> f.cancel(false));
        scheduled.clear();
    }
}
