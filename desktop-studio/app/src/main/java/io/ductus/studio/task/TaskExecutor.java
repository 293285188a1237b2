package io.ductus.studio.task;

/** Runs {@link BackgroundTask}s off the UI thread and hands their results back to it. */
public interface TaskExecutor {

    <T> void execute(BackgroundTask<T> task);

    /** Runs an action on the UI thread (at once when already on it). */
    void onUiThread(Runnable action);
}
