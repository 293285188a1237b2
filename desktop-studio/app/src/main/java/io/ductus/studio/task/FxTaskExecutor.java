package io.ductus.studio.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;

/**
 * The real executor: each task's work on a virtual thread, its callbacks on the JavaFX application thread.
 * A slow or dead server costs a parked virtual thread, never a frozen window.
 */
public final class FxTaskExecutor implements TaskExecutor, AutoCloseable {

    private final ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("studio-task-", 0).factory());

    @Override
    public <T> Cancellable execute(BackgroundTask<T> task) {
        onUiThread(task::running);
        AtomicBoolean cancelled = new AtomicBoolean();
        Future<?> running = threads.submit(() -> {
            T result;
            try {
                result = task.work().call();
            } catch (Exception e) {
                if (!cancelled.get()) Platform.runLater(() -> {
                    if (!cancelled.get()) task.failed(e);
                });
                return;
            }
            if (!cancelled.get()) Platform.runLater(() -> {
                if (!cancelled.get()) task.succeeded(result);
            });
        });
        return () -> {
            cancelled.set(true);
            running.cancel(true); // interrupts the virtual thread: java.net.http abandons the exchange
        };
    }

    @Override
    public void onUiThread(Runnable action) {
        if (Platform.isFxApplicationThread()) action.run();
        else Platform.runLater(action);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
