package io.ductus.script;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.SourceSection;
import org.graalvm.polyglot.management.ExecutionListener;

/**
 * Watches every call into interface code from one thread: a call past its deadline, or one whose thread
 * has allocated more than the limit since the call began, is interrupted. One tick every
 * {@value #TICK_MILLIS} ms over the calls in flight costs far less than an alarm scheduled per call.
 * Allocation is the thread's own count (com.sun.management), so one call's garbage is never blamed on
 * another and the check needs no heap walk.
 *
 * <p>An interrupt tells only which function was running (the loop that ran away has no location of its
 * own once compiled), so before interrupting, the watch listens for a moment to the statements the
 * stopped thread runs and keeps the first one's location: the line it was stopped at, for the reason.
 */
final class RunawayWatch implements AutoCloseable {

    static final long TICK_MILLIS = 10;
    /** How long the watch listens for where a runaway call runs before interrupting it anyway. */
    static final long LOCATE_MILLIS = 500;

    /** Why a call was stopped. */
    enum Reason { TIMEOUT, MEMORY }

    /** One call in flight. */
    static final class Call {
        final Context context;
        final Thread thread;
        final long deadlineNanos;
        final long allocatedAtStart;
        final long memoryLimit;
        /** The thread's CPU time the call may use (0: its deadline alone counts), and its CPU time when it began. */
        final long cpuBudgetNanos;
        final long cpuAtStart;
        volatile Reason stopped;
        /** Where the code was running when it was stopped, if the watch could see it; set before the interrupt. */
        volatile SourceSection stoppedAt;
        private boolean ended; // guarded by this call
        /** Done when the interrupt of a stopped call has finished (the context is then ready for another call). */
        final java.util.concurrent.CompletableFuture<Void> interrupted = new java.util.concurrent.CompletableFuture<>();

        private Call(Context context, Thread thread, long deadlineNanos, long allocatedAtStart, long memoryLimit, long cpuBudgetNanos,
                     long cpuAtStart) {
            this.context = context;
            this.thread = thread;
            this.deadlineNanos = deadlineNanos;
            this.allocatedAtStart = allocatedAtStart;
            this.memoryLimit = memoryLimit;
            this.cpuBudgetNanos = cpuBudgetNanos;
            this.cpuAtStart = cpuAtStart;
        }
    }

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private final Set<Call> calls = ConcurrentHashMap.newKeySet();
    private final Thread ticker;
    /** Interrupting waits for the code to stop: never on the ticker, so other calls stay watched. */
    private final ExecutorService interrupter = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ductus-script-interrupt");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean running = true;

    RunawayWatch() {
        ticker = new Thread(this::tickForever, "ductus-script-watchdog");
        ticker.setDaemon(true);
        ticker.start();
    }

    private static com.sun.management.ThreadMXBean threads() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t && t.isThreadAllocatedMemorySupported()) {
            t.setThreadAllocatedMemoryEnabled(true);
            return t;
        }
        return null;
    }

    /** Starts watching a call made on the current thread, stopped once {@code timeout} has passed. */
    Call begin(Context context, Duration timeout, long memoryLimit) {
        Thread thread = Thread.currentThread();
        Call call = new Call(context, thread, System.nanoTime() + timeout.toNanos(), allocatedHere(), memoryLimit, 0, 0);
        calls.add(call);
        return call;
    }

    /**
     * Starts watching a call whose {@code timeout} counts the CPU time of its thread, not the time passed: a
     * thread of the lowest priority (a replay's) waits for the CPU as long as intake and the workers need it,
     * and the time it waits is not the code's. A call blocked without using the CPU is stopped at
     * {@code backstop} all the same. Where the thread's CPU time cannot be read, the timeout counts as time.
     */
    Call beginCpuTimed(Context context, Duration timeout, Duration backstop, long memoryLimit) {
        Thread thread = Thread.currentThread();
        long cpu = cpuHere(thread);
        if (cpu < 0) return begin(context, timeout, memoryLimit);
        Call call = new Call(context, thread, System.nanoTime() + backstop.toNanos(), allocatedHere(), memoryLimit, timeout.toNanos(), cpu);
        calls.add(call);
        return call;
    }

    /**
     * Stops watching a call. A call that was stopped returns only once its interrupt has finished: were its
     * thread to enter the context again first (the next message), the interrupt still in progress would
     * take that call for the runaway, wait for it, and cancel the whole context.
     */
    void end(Call call) {
        calls.remove(call);
        synchronized (call) {
            call.ended = true;
            if (call.stopped == null) return;
        }
        try {
            call.interrupted.get(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // the interrupter always completes; a wait this long means the context was cancelled meanwhile
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    int callsInFlight() {
        return calls.size();
    }

    private static long allocated(Thread thread) {
        return THREADS == null ? 0 : THREADS.getThreadAllocatedBytes(thread.threadId());
    }

    /**
     * The calling thread's allocation count, as {@link #allocated} reads it for any thread: a call begins on its
     * own thread, where the JVM reads it without looking the thread up by id.
     */
    private static long allocatedHere() {
        return THREADS == null ? 0 : THREADS.getCurrentThreadAllocatedBytes();
    }

    /** The calling thread's CPU time, as {@link #cpu} reads it for any thread (and -1 as there). */
    private static long cpuHere(Thread thread) {
        if (THREADS == null || thread.isVirtual() || !THREADS.isThreadCpuTimeSupported()) return -1;
        return THREADS.getCurrentThreadCpuTime();
    }

    /** The thread's CPU time in ns, or -1 where it cannot be read (a virtual thread, a JVM without it). */
    private static long cpu(Thread thread) {
        if (THREADS == null || thread.isVirtual() || !THREADS.isThreadCpuTimeSupported()) return -1;
        return THREADS.getThreadCpuTime(thread.threadId());
    }

    private void tickForever() {
        while (running) {
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Call call : calls) {
                if (call.stopped != null) continue;
                if (now - call.deadlineNanos > 0) stop(call, Reason.TIMEOUT);
                else if (call.cpuBudgetNanos > 0 && cpu(call.thread) - call.cpuAtStart > call.cpuBudgetNanos) stop(call, Reason.TIMEOUT);
                else if (THREADS != null && allocated(call.thread) - call.allocatedAtStart > call.memoryLimit) stop(call, Reason.MEMORY);
            }
        }
    }

    private void stop(Call call, Reason reason) {
        synchronized (call) { // either the call ends first and is left alone, or end() waits for this interrupt
            if (call.ended) return;
            call.stopped = reason;
        }
        interrupter.execute(() -> {
            try {
                call.stoppedAt = whereItRuns(call);
                call.context.interrupt(Duration.ofSeconds(5));
            } catch (TimeoutException e) {
                call.context.close(true); // would not stop: cancel for good (the owner makes a new context)
            } catch (IllegalStateException e) {
                // the call ended and its context was closed meanwhile
            } finally {
                call.interrupted.complete(null);
            }
        });
    }

    /**
     * The location of the next statement or expression the call's thread enters in the user's code, or null
     * when it enters none within {@link #LOCATE_MILLIS} (a loop with an empty body, or code in a host call).
     * Listening makes the engine's compiled code instrument itself until the listener is closed: a moment,
     * and only for a call that is being stopped anyway.
     */
    private static SourceSection whereItRuns(Call call) {
        AtomicReference<SourceSection> at = new AtomicReference<>();
        CountDownLatch seen = new CountDownLatch(1);
        try (ExecutionListener listener = ExecutionListener.newBuilder().statements(true).expressions(true)
                .sourceFilter(source -> !Prelude.isEngineSource(source))
                .onEnter(event -> {
                    if (Thread.currentThread() == call.thread && event.getLocation() != null
                            && at.compareAndSet(null, event.getLocation())) {
                        seen.countDown();
                    }
                })
                .attach(call.context.getEngine())) {
            seen.await(LOCATE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalStateException e) {
            // the context was closed meanwhile: nothing to locate
        }
        return at.get();
    }

    @Override
    public void close() {
        running = false;
        ticker.interrupt();
        interrupter.shutdownNow();
    }
}
