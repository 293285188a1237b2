package io.ductus.studio.task;

/** Runs each task at once on the calling thread, callbacks included: for view-model tests without a screen. */
public final class CurrentThreadTaskExecutor implements TaskExecutor {

    @Override
    public <T> Cancellable execute(BackgroundTask<T> task) {
        task.running();
        T result;
        try {
            result = task.work().call();
        } catch (Exception e) {
            task.failed(e);
            return Cancellable.NONE;
        }
        task.succeeded(result);
        return Cancellable.NONE;
    }

    @Override
    public void onUiThread(Runnable action) {
        action.run();
    }
}
