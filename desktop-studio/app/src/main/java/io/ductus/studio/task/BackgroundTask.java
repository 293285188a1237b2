package io.ductus.studio.task;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Work for a background thread (a REST call, a file write) with what to do with its result: {@code onSuccess}
 * and {@code onFailure} run on the UI thread when a {@link TaskExecutor} runs the task, so a view model never
 * touches its properties from another thread and never blocks the UI thread on the network.
 */
public final class BackgroundTask<T> {

    private final Callable<T> work;
    private Runnable onRunning = () -> { };
    private Consumer<? super T> onSuccess = r -> { };
    private Consumer<? super Exception> onFailure = e -> { };
    private Runnable onFinished = () -> { };

    private BackgroundTask(Callable<T> work) {
        this.work = Objects.requireNonNull(work, "work");
    }

    public static <T> BackgroundTask<T> of(Callable<T> work) {
        return new BackgroundTask<>(work);
    }

    /** A task with no result. */
    public static BackgroundTask<Void> run(ThrowingRunnable work) {
        return new BackgroundTask<>(() -> {
            work.run();
            return null;
        });
    }

    /** A piece of work that returns nothing and may throw. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** On the UI thread, before the work starts (a busy indicator, say). */
    public BackgroundTask<T> onRunning(Runnable action) {
        this.onRunning = action;
        return this;
    }

    public BackgroundTask<T> onSuccess(Consumer<? super T> action) {
        this.onSuccess = action;
        return this;
    }

    public BackgroundTask<T> onFailure(Consumer<? super Exception> action) {
        this.onFailure = action;
        return this;
    }

    /** On the UI thread after success or failure. */
    public BackgroundTask<T> onFinished(Runnable action) {
        this.onFinished = action;
        return this;
    }

    Callable<T> work() {
        return work;
    }

    void running() {
        onRunning.run();
    }

    void succeeded(T result) {
        try {
            onSuccess.accept(result);
        } finally {
            onFinished.run();
        }
    }

    void failed(Exception e) {
        try {
            onFailure.accept(e);
        } finally {
            onFinished.run();
        }
    }
}
