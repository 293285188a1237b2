package io.ductus.studio.testing;

import io.ductus.studio.task.Cancellable;
import io.ductus.studio.task.Delays;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Delays a test moves on by hand: time passes only when the test says so, nothing sleeps. */
public final class ManualDelays implements Delays {

    private record Waiting(long dueMillis, Runnable action, boolean[] cancelled) {
    }

    private final List<Waiting> waiting = new ArrayList<>();
    private long now;

    @Override
    public Cancellable after(Duration pause, Runnable action) {
        boolean[] cancelled = new boolean[1];
        waiting.add(new Waiting(now + pause.toMillis(), action, cancelled));
        return () -> cancelled[0] = true;
    }

    /** Moves time on and runs, in order, what fell due (and what those scheduled that fell due too). */
    public void advance(Duration by) {
        long until = now + by.toMillis();
        while (true) {
            Waiting next = waiting.stream().filter(w -> !w.cancelled()[0] && w.dueMillis() <= until)
                    .min((a, b) -> Long.compare(a.dueMillis(), b.dueMillis())).orElse(null);
            if (next == null) break;
            waiting.remove(next);
            now = next.dueMillis();
            next.action().run();
        }
        now = until;
        waiting.removeIf(w -> w.cancelled()[0]);
    }

    /** How many actions wait (not cancelled). */
    public long pending() {
        return waiting.stream().filter(w -> !w.cancelled()[0]).count();
    }
}
