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
 *       receives now waits at the gate; what the old intake was storing is stored. The highest message
 *       id then is the cut: the old revision's workers take nothing above it.</li>
 *   <li>The gate opens onto the next revision's intake: from here on messages are stored (and
 *       acknowledged) by the next revision, with its keys and destinations. The gate was closed only
 *       while the old intake finished what it was storing.</li>
 *   <li>The old workers deliver what waits up to the cut (everything they can deliver now; bounded by
 *       {@code quietWaitMs}), then stop after the message in hand.</li>
 *   <li>The next revision's workers start, and take what waits, in lane order.</li>
 * </ol>
 * Messages stored before the swap are thus handled by the old code, those after it by the new, and each
 * key's order holds (a lane's new messages wait until its old ones are done). One left waiting for a
 * retry's back-off at the swap is handled by the new code; its delivery records which. When the next
 * revision has another source (other settings, or code where there was none), the old source stops
 * first, answering what is in flight, and the new one starts in step 2.
 */
final class InterfaceSwap {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceSwap.class);

    /** How long the old workers may take to deliver what was stored before the gate closed. */
    static final long QUIET_WAIT_MS = 5_000;

    /**
     * What the swap did.
     *
     * @param gateClosedMillis how long new input waited at the closed gate (with a new source: from the old
     *                         source's stop to the new one's start)
     * @param handoverMillis   from the gate's closing until the next revision's workers ran
     * @param drained          the old workers delivered everything they could before they stopped
     * @param sourceKept       the source (and its connections) stayed as it was
     */
    record Result(long gateClosedMillis, long handoverMillis, boolean drained, boolean sourceKept) {
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
     * @param lastId     the highest message id stored so far (the store's), read at the cut
     * @param again      makes a fresh runtime of the old revision, for when the next one cannot start
     */
    static Result swap(InterfaceRuntime old, InterfaceRuntime next, boolean openSource, long quietWaitMs,
                       java.util.function.LongSupplier lastId, Callable<InterfaceRuntime> again) throws Failed, InterruptedException {
        String name = next.definition().name();
        boolean keep = openSource && next.canTakeSourceOf(old);
        long closedAt = System.nanoTime();
        if (keep) old.holdSource();
        else old.closeSource();
        old.cutAt(lastId.getAsLong());
        if (keep) {
            next.takeSourceOf(old);
        } else if (openSource) {
            try {
                next.openSource();
            } catch (InterfaceRuntime.StartException e) {
                old.cutAt(Long.MAX_VALUE);
                try {
                    old.openSource();
                } catch (InterfaceRuntime.StartException again2) {
                    LOG.error("interface {}: its source could not start again either: {}", name, again2.getMessage());
                }
                throw failed(name, e, old);
            }
        }
        long gateClosed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closedAt);
        boolean drained = awaitQuiet(old, quietWaitMs);
        old.stopDestinations();
        try {
            next.startDestinations(); // stops what it started when it fails
        } catch (InterfaceRuntime.StartException e) {
            throw failed(name, e, restore(next, keep || openSource, again));
        }
        long handover = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closedAt);
        LOG.info("interface {}: revision {} in place of revision {}; its input waited {} ms, its workers handed over in {} ms{}{}", name,
                next.code().revision(), old.code().revision(), gateClosed, handover, keep ? "" : " (its source started again)",
                drained ? "" : "; the old code had not delivered everything within " + quietWaitMs + " ms, the new code goes on with it");
        return new Result(gateClosed, handover, drained, keep);
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

    /**
     * The next revision's workers would not start: a fresh runtime of the old revision takes over the source
     * (now on the next one's intake) and its workers start, so what was stored since the cut is handled
     * by the old code after all (each delivery records so). Null when that fails too.
     */
    private static InterfaceRuntime restore(InterfaceRuntime next, boolean source, Callable<InterfaceRuntime> again)
            throws InterruptedException {
        InterfaceRuntime back;
        try {
            back = again.call();
            back.startDestinations();
            if (source && next.accepting()) {
                if (back.canTakeSourceOf(next)) {
                    next.holdSource();
                    back.takeSourceOf(next);
                } else {
                    next.closeSource();
                    back.openSource();
                }
            }
            return back;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            LOG.error("interface {}: the revision before the deploy could not start again either: {}", next.definition().name(),
                    e.getMessage());
            next.closeSource();
            return null;
        }
    }
}
