package io.ductus.engine.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live deploy of one interface: the running revision hands over to the next, prepared beforehand (its
 * code loaded, its connectors made), while every other interface goes on untouched.
 *
 * <ol>
 *   <li>The gate closes: the source stays as it is (listening, its connections open) and what it
 *       receives now waits at the gate; what the old intake was storing is stored.</li>
 *   <li>The old workers deliver what was stored before (everything they can deliver now; bounded by
 *       {@code quietWaitMs}), then stop after the message in hand.</li>
 *   <li>The next revision's workers start, and the gate opens onto its intake: what waited is stored by
 *       the new revision and handled by its code.</li>
 * </ol>
 * When the next revision has another source (other settings, or code where there was none), the old
 * source is stopped first, answering what is in flight, and the new one starts last. Messages stored
 * before the swap are thus handled by the old code, those after it by the new; one left waiting for a
 * retry's back-off at the swap is handled by the new code, and its delivery records which.
 */
final class InterfaceSwap {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceSwap.class);

    /** How long the old workers may take to deliver what was stored before the gate closed. */
    static final long QUIET_WAIT_MS = 5_000;

    /**
     * What the swap did.
     *
     * @param gateClosedMillis how long submissions waited at the closed gate (or, with a new source, from
     *                         the old source's stop to the new one's start)
     * @param drained          the old workers delivered everything they could before they stopped
     * @param sourceKept       the source (and its connections) stayed as it was
     */
    record Result(long gateClosedMillis, boolean drained, boolean sourceKept) {
    }

    /** The next revision could not start; the old revision runs again, from a fresh runtime. */
    static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;
        final transient InterfaceRuntime restored;

        Failed(InterfaceRuntime.StartException cause, InterfaceRuntime restored) {
            super(cause.getMessage(), cause);
            this.restored = restored;
        }
    }

    private InterfaceSwap() {
    }

    /**
     * @param openSource whether the next revision takes input (false while the engine drains)
     * @param again      makes a fresh runtime of the old revision, for when the next one cannot start
     */
    static Result swap(InterfaceRuntime old, InterfaceRuntime next, boolean openSource, long quietWaitMs,
                       Callable<InterfaceRuntime> again) throws Failed, InterruptedException {
        String name = next.definition().name();
        boolean keep = openSource && next.canTakeSourceOf(old);
        if (!keep) old.closeSource();
        long closedAt = System.nanoTime();
        if (keep) old.holdSource();
        boolean drained = awaitQuiet(old, quietWaitMs);
        old.stopDestinations();
        try {
            next.startDestinations(); // stops what it started when it fails
        } catch (InterfaceRuntime.StartException e) {
            throw failed(name, e, restore(old, keep, openSource, again));
        }
        if (keep) {
            next.takeSourceOf(old);
        } else if (openSource) {
            try {
                next.openSource();
            } catch (InterfaceRuntime.StartException e) {
                next.stopDestinations();
                throw failed(name, e, restore(old, false, true, again));
            }
        }
        long closed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closedAt);
        LOG.info("interface {}: revision {} in place of revision {}; its input waited {} ms{}{}", name, next.code().revision(),
                old.code().revision(), closed, keep ? "" : " (its source started again)",
                drained ? "" : "; the old code had not delivered everything within " + quietWaitMs + " ms, the new code goes on with it");
        return new Result(closed, drained, keep);
    }

    private static Failed failed(String name, InterfaceRuntime.StartException e, InterfaceRuntime restored) {
        LOG.error("interface {}: the new revision could not start ({}); {}", name, e.getMessage(),
                restored == null ? "the revision before it could not start again either" : "the revision before it runs again");
        return new Failed(e, restored);
    }

    private static boolean awaitQuiet(InterfaceRuntime old, long quietWaitMs) throws InterruptedException {
        try {
            old.quiet().get(quietWaitMs, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return false;
        }
    }

    private static InterfaceRuntime restore(InterfaceRuntime old, boolean keep, boolean openSource, Callable<InterfaceRuntime> again)
            throws InterruptedException {
        InterfaceRuntime back;
        try {
            back = again.call();
            back.startDestinations();
            if (keep) back.takeSourceOf(old);
            else if (openSource) back.openSource();
            return back;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            // The old revision ran a moment ago; if it cannot start again either, the interface stays stopped.
            LOG.error("interface {}: the revision before the deploy could not start again either: {}", old.definition().name(),
                    e.getMessage());
            if (keep) old.closeHeldSource();
            return null;
        }
    }
}
