package io.ductus.studio.task;

import java.time.Duration;

/**
 * Runs an action on the UI thread after a pause (the live trial's wait for typing to stop, autosave, polling a
 * running replay). The studio's is a JavaFX timer; view-model tests use a hand-driven one instead of sleeping.
 */
public interface Delays {

    Cancellable after(Duration pause, Runnable action);
}
