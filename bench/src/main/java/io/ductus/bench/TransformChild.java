package io.ductus.bench;

import io.ductus.core.project.Format;
import io.ductus.script.InterfaceScript;
import io.ductus.script.ScriptContext;
import io.ductus.script.ScriptHost;
import io.ductus.script.Transform;
import io.ductus.script.TransformResult;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The JVM {@link TransformBench} starts: {@code <project> first} measures one fresh JVM's first message;
 * {@code <project> rate <warm-up s> <round s> <rounds> <threads2 round s>} then measures transforms per
 * second on one thread (median of the rounds after the warm-up: at least the seconds given, and longer,
 * up to three times as long, while the rate still climbs) and on two threads with a context each.
 * Every result is checked against the expected output byte for byte; nothing is reused between messages
 * but the context, as a destination's worker reuses it.
 */
public final class TransformChild {

    static final String FIRST_LINE = "first result:";

    private static final byte[] MESSAGE = resource(TransformBench.MESSAGE);
    private static final byte[] EXPECTED = resource(TransformBench.EXPECTED);
    /** What the engine's worker passes as meta (Transformer): id, receivedAt, interface, destination. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Map<String, Object> META = Map.of("id", 4711L, "receivedAt", "2026-12-01T10:00:00Z",
            "interface", TransformBench.INTERFACE, "destination", "ehr");

    private TransformChild() {
    }

    public static void main(String[] args) throws Exception {
        Path project = Path.of(args[0]);
        Path folder = project.resolve("interfaces").resolve(TransformBench.INTERFACE);

        long t0 = System.nanoTime();
        ScriptHost host = ScriptHost.start();
        long t1 = System.nanoTime();
        InterfaceScript script = host.load(folder.resolve("transform.js"), Set.of(folder, project.resolve("lib")), Duration.ofSeconds(5));
        long t2 = System.nanoTime();
        ScriptContext context = script.newContext();
        long t3 = System.nanoTime();
        TransformResult first = transform(context);
        long t4 = System.nanoTime();
        System.out.printf("%s %.0f ms from ScriptHost.start() (host %.0f ms, load %.0f ms, context %.0f ms, first call %.0f ms)%n",
                FIRST_LINE, ms(t4 - t0), ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3));
        if (!host.optimizing()) {
            System.err.println("FAILED: GraalJS runs in its interpreter, not with its optimizing compiler: the figures would"
                    + " not be the engine's (needs Java 25 and the distribution's lib/jit on the upgrade module path)");
            System.exit(4);
        }
        check(first);
        System.out.printf("CHILD host_ms=%.1f load_ms=%.1f context_ms=%.1f call_ms=%.1f first_ms=%.1f%n",
                ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), ms(t4 - t0));
        if (args.length > 1 && args[1].equals("rate")) {
            rate(script, context, Double.parseDouble(args[2]), Double.parseDouble(args[3]), Integer.parseInt(args[4]),
                    Double.parseDouble(args[5]));
        }
        context.close();
        host.close();
    }

    private static void rate(InterfaceScript script, ScriptContext context, double warmup, double round, int rounds, double round2)
            throws Exception {
        System.out.printf("one thread: %d-byte message in, %d bytes out; warm-up at least %.0f s and until the rate stops"
                + " climbing (at most %.0f s), then %d rounds of %.0f s%n", MESSAGE.length, EXPECTED.length, warmup, 3 * warmup, rounds, round);
        List<Long> curve = new ArrayList<>();
        while (curve.size() < warmup || (climbing(curve) && curve.size() < 3 * warmup)) curve.add(transforms(context, 1.0));
        System.out.println("warm-up, transforms per second in 1 s slices:"
                + curve.stream().map(n -> " " + n).reduce("", String::concat));
        double[] perRound = new double[rounds];
        double[] perCpuRound = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long cpu = THREADS.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            long n = transforms(context, round);
            perRound[r] = n * 1e9 / (System.nanoTime() - t);
            perCpuRound[r] = n * 1e9 / (THREADS.getCurrentThreadCpuTime() - cpu);
        }
        double perThread = median(perRound);
        double perCpu = median(perCpuRound);
        System.out.printf("one thread: median %.0f transforms/s (%.1f us each); rounds:%s%n", perThread, 1e6 / perThread, list(perRound));
        System.out.printf("  per second of the thread's own CPU time (what other processes took from it left out): median %.0f;"
                + " rounds:%s%n", perCpu, list(perCpuRound));

        double threads2 = twoThreads(script, round2);
        System.out.printf("CHILD per_thread=%.1f per_cpu_s=%.1f threads2=%.1f warm_s=%d%n", perThread, perCpu, threads2, curve.size());
    }

    /**
     * Whether the last 5 slices did more than 10% better than the 5 before them: the optimizing compiler
     * (Graal, itself warming up on HotSpot) is still at work, for longer when other work takes the CPU.
     */
    private static boolean climbing(List<Long> slices) {
        int n = slices.size();
        if (n < 10) return true;
        long last = 0;
        long before = 0;
        for (int i = n - 5; i < n; i++) last += slices.get(i);
        for (int i = n - 10; i < n - 5; i++) before += slices.get(i);
        return last > before * 1.1;
    }

    /** Two threads, a context each, the code already compiled: a short warm-up, then the total rate of 3 rounds, median. */
    private static double twoThreads(InterfaceScript script, double round) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        AtomicLong[] counts = {new AtomicLong(), new AtomicLong()};
        CountDownLatch ready = new CountDownLatch(2);
        List<Thread> threads = new ArrayList<>();
        for (AtomicLong count : counts) {
            threads.add(Thread.ofPlatform().name("transform-" + threads.size()).start(() -> {
                try (ScriptContext own = script.newContext()) {
                    ready.countDown();
                    while (!stop.get()) {
                        check(transform(own));
                        count.setRelease(count.getPlain() + 1);
                    }
                } catch (Throwable e) {
                    failed.set(e);
                    ready.countDown();
                }
            }));
        }
        ready.await();
        Thread.sleep((long) (round * 1000));
        double[] totals = new double[3];
        for (int r = 0; r < totals.length; r++) {
            long c0 = counts[0].get() + counts[1].get();
            long t0 = System.nanoTime();
            Thread.sleep((long) (round * 1000));
            totals[r] = (counts[0].get() + counts[1].get() - c0) * 1e9 / (System.nanoTime() - t0);
        }
        stop.set(true);
        for (Thread t : threads) t.join();
        if (failed.get() != null) throw new IllegalStateException("a transform thread failed", failed.get());
        double total = median(totals);
        System.out.printf("two threads, a context each: median %.0f transforms/s in all (%.0f per thread); rounds of %.0f s:%s%n",
                total, total / 2, round, list(totals));
        return total;
    }

    /** Transforms done in {@code seconds}, each one checked. */
    private static long transforms(ScriptContext context, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long n = 0;
        do {
            check(transform(context));
            n++;
        } while (System.nanoTime() < end);
        return n;
    }

    private static String list(double[] values) {
        return Arrays.stream(values).mapToObj(v -> String.format(" %.0f", v)).reduce("", String::concat);
    }

    private static TransformResult transform(ScriptContext context) {
        return Transform.run(context, "transform", MESSAGE, StandardCharsets.UTF_8, Format.HL7, META);
    }

    private static void check(TransformResult result) {
        if (result instanceof TransformResult.Output out && Arrays.equals(out.payload(), EXPECTED)) return;
        String got = result instanceof TransformResult.Output out ? new String(out.payload(), out.charset()).replace('\r', '\n') : result.toString();
        throw new IllegalStateException("the transform did not give the expected output; it gave:\n" + got);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static byte[] resource(String name) {
        try (InputStream in = TransformChild.class.getResourceAsStream(TransformBench.RESOURCES + name)) {
            if (in == null) throw new IllegalStateException("no resource " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
