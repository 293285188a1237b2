package io.ductus.studio.testing;

import io.ductus.studio.task.BackgroundTask;
import io.ductus.studio.task.Cancellable;
import io.ductus.studio.task.CurrentThreadTaskExecutor;
import io.ductus.studio.task.TaskExecutor;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds tasks until the test runs them, so a test sees calls overlap as they do on a network: start one, start
 * another, then finish them in any order. A cancelled task never runs nor calls back.
 */
public final class QueuedTaskExecutor implements TaskExecutor {

    private final List<Runnable> queued = new ArrayList<>();
    private final TaskExecutor inline = new CurrentThreadTaskExecutor();
    public int cancelled;

    @Override
    public <T> Cancellable execute(BackgroundTask<T> task) {
        boolean[] off = new boolean[1];
        Runnable run = () -> {
            if (!off[0]) inline.execute(task);
        };
        queued.add(run);
        return () -> {
            if (!off[0]) cancelled++;
            off[0] = true;
            queued.remove(run);
        };
    }

    @Override
    public void onUiThread(Runnable action) {
        action.run();
    }

    /** Runs every queued task, oldest first (and those they queue). */
    public void runAll() {
        while (!queued.isEmpty()) queued.removeFirst().run();
    }

    public int queued() {
        return queued.size();
    }
}
