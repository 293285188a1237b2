package io.ductus.studio.task;

/** Runs {@link BackgroundTask}s off the UI thread and hands their results back to it. */
public interface TaskExecutor {

    /** Starts the task; cancelling it interrupts its work (a call in flight is abandoned) and drops its callbacks. */
    <T> Cancellable execute(BackgroundTask<T> task);

    /** Runs an action on the UI thread (at once when already on it). */
    void onUiThread(Runnable action);
}
