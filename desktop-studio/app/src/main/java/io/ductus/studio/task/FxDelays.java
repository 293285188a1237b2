package io.ductus.studio.task;

import java.time.Duration;
import javafx.animation.PauseTransition;

/** {@link Delays} on JavaFX's animation timer: the action runs on the FX thread, nothing blocks. */
public final class FxDelays implements Delays {

    private final TaskExecutor tasks;

    public FxDelays(TaskExecutor tasks) {
        this.tasks = tasks;
    }

    @Override
    public Cancellable after(Duration pause, Runnable action) {
        PauseTransition[] timer = new PauseTransition[1];
        boolean[] cancelled = new boolean[1];
        tasks.onUiThread(() -> {
            if (cancelled[0]) return;
            timer[0] = new PauseTransition(javafx.util.Duration.millis(pause.toMillis()));
            timer[0].setOnFinished(e -> {
                if (!cancelled[0]) action.run();
            });
            timer[0].play();
        });
        return () -> tasks.onUiThread(() -> {
            cancelled[0] = true;
            if (timer[0] != null) timer[0].stop();
        });
    }
}
