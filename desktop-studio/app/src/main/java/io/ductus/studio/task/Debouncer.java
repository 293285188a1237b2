package io.ductus.studio.task;

import java.time.Duration;

/**
 * Runs an action once a pause has passed since the last {@link #touch()}: each touch restarts the wait (typing
 * goes on), so a burst of keystrokes costs one trial or one save. UI thread only.
 */
public final class Debouncer {

    private final Delays delays;
    private final Duration pause;
    private final Runnable action;
    private Cancellable pending = Cancellable.NONE;

    public Debouncer(Delays delays, Duration pause, Runnable action) {
        this.delays = delays;
        this.pause = pause;
        this.action = action;
    }

    public void touch() {
        pending.cancel();
        pending = delays.after(pause, () -> {
            pending = Cancellable.NONE;
            action.run();
        });
    }

    /** Runs the waiting action now (closing, deploying); nothing when none waits. */
    public void flush() {
        if (pending == Cancellable.NONE) return;
        pending.cancel();
        pending = Cancellable.NONE;
        action.run();
    }

    public boolean waiting() {
        return pending != Cancellable.NONE;
    }
}
