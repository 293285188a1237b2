package io.ductus.studio.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;

/**
 * The real executor: each task's work on a virtual thread, its callbacks on the JavaFX application thread.
 * A slow or dead server costs a parked virtual thread, never a frozen window.
 */
public final class FxTaskExecutor implements TaskExecutor, AutoCloseable {

    private final ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("studio-task-", 0).factory());

    @Override
    public <T> void execute(BackgroundTask<T> task) {
        onUiThread(task::running);
        threads.execute(() -> {
            T result;
            try {
                result = task.work().call();
            } catch (Exception e) {
                Platform.runLater(() -> task.failed(e));
                return;
            }
            Platform.runLater(() -> task.succeeded(result));
        });
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
