package io.ductus.connector.listener;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What one connection is receiving: the frame or request under way, from its first byte to its last, and
 * the bytes it holds against the engine's {@link ReceiveBudget} (of that one, and of those received and not
 * yet answered). Once a frame's first byte has come, the whole of it must come within the deadline
 * ({@code frame_timeout}): a sender that dribbles a byte a minute keeps an idle timeout from ever firing, and
 * is cut off by this. Used on the connection's event loop only.
 */
public final class Receiving {

    private final ReceiveBudget budget;
    private final Duration deadline;
    private long partial;
    private long complete;
    private ScheduledFuture<?> timer;

    /** @param deadline how long a frame or request may take from its first byte to its last */
    public Receiving(ReceiveBudget budget, Duration deadline) {
        this.budget = budget;
        this.deadline = deadline;
    }

    /** Whether a frame or request is under way: its first byte came, its last not yet. */
    public boolean underWay() {
        return timer != null;
    }

    /**
     * A frame's or request's first byte came: {@code onDeadline} runs on the connection's event loop if its
     * last one has not come within the deadline.
     */
    public void begin(ChannelHandlerContext ctx, Runnable onDeadline) {
        if (timer != null) return;
        timer = ctx.executor().schedule(() -> {
            timer = null;
            onDeadline.run();
        }, deadline.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * The frame under way now holds {@code bytes} in all; takes what it holds more from the budget. False when
     * the budget refuses it: then the frame holds nothing any more (the caller drops its bytes and refuses it).
     */
    public boolean holds(long bytes) {
        if (bytes <= partial) return true;
        if (budget.take(bytes - partial, bytes)) {
            partial = bytes;
            return true;
        }
        dropPartial();
        return false;
    }

    /**
     * The frame under way is complete (its length was last passed to {@link #holds}): it keeps its bytes until
     * {@link #answered}; the deadline stops.
     */
    public void completed() {
        stopTimer();
        complete += partial;
        partial = 0;
    }

    /** The frame under way is refused or its bytes dropped: it holds nothing any more; its deadline goes on. */
    public void dropPartial() {
        budget.giveBack(partial);
        partial = 0;
    }

    /** The frame under way ended (refused, and its last byte skipped): the deadline stops. */
    public void ended() {
        stopTimer();
        dropPartial();
    }

    /** A complete frame of {@code bytes} was answered: its bytes go back to the budget. */
    public void answered(long bytes) {
        long back = Math.min(bytes, complete);
        complete -= back;
        budget.giveBack(back);
    }

    /** The connection closed: everything it held goes back, and its deadline stops. */
    public void closed() {
        stopTimer();
        budget.giveBack(partial + complete);
        partial = 0;
        complete = 0;
    }

    /** Bytes this connection holds against the budget. */
    public long held() {
        return partial + complete;
    }

    private void stopTimer() {
        if (timer != null) timer.cancel(false);
        timer = null;
    }
}
