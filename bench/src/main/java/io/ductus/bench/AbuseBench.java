package io.ductus.bench;

import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import io.ductus.threads.LowPriority;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Availability under heavy or hostile use ({@code bench/run abuse}): one steady MLLP sender (a message every
 * 100 ms, each waiting for its ACK, on a connection it opens as each phase begins) against {@code ductus serve}
 * as a child process, on SQLite preloaded with the browse benchmark's messages, alone and then beside
 * (a) 8 parallel text searches by a viewer (a rare MRN, the largest scan limit, each search going on where the
 * last one said, and waiting as long as a refusal's Retry-After says), (b) 500 idle connections from one address
 * and 50 from another that dribble a frame a byte a second, (c) 100 connections from 100 addresses each sending
 * 15 MB of a frame without its end bytes and then holding. A message's latency runs from the moment it was due
 * to its AA when the sender was still waiting for the last one then (a refused connection or an AE is tried
 * again every 100 ms, as a sender would), so a stall shows in every message due during it; else from when it
 * was sent, so that the sender's own thread waking late is not put on the engine. The load generators' threads
 * (the viewers' HTTP clients, the dribbler, the frames' writers) run at the lowest priority: they stand for
 * other machines, whose CPU the engine does not share, and at normal priority the frames' 100 writers, copying
 * 1.5 GB through loopback, took the cores from the engine and from the steady sender's thread alike. Each phase
 * prints the CPU the engine, this benchmark and the machine used ({@link CpuUse}). The engine's resident memory
 * is sampled through (c); {@code rss_frames_mb} is its peak over the resident memory before the phases.
 * Targets: each p99 beside ≤ 2 × alone + 5 ms, {@code rss_frames_mb} ≤ 512.
 */
final class AbuseBench implements BenchMain.Scenario {

    private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final Pattern NEXT = Pattern.compile("\"next\"\\s*:\\s*(\\d+)");
    private static final int SEARCHES = 8;
    private static final int IDLE = 500;
    private static final int DRIBBLING = 50;
    private static final int FRAMES = 100;
    private static final int FRAME_BYTES = 15 << 20;
    private static final AtomicInteger PHASES = new AtomicInteger();
    private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** {@code -Dductus.bench.abuse.nicedLoad=false} runs the load generators at normal priority, to compare. */
    private static final boolean NICED_LOAD = Boolean.parseBoolean(System.getProperty("ductus.bench.abuse.nicedLoad", "true"));

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path dir = root.resolve("bench/target/abuse");
        FileIngestBench.deleteTree(dir);
        Path project = dir.resolve("project");
        Path data = Files.createDirectories(dir.resolve("data"));
        int messages = quick ? 50_000 : 200_000;
        long phaseSeconds = quick ? 15 : 40;
        int port = MllpIngestBench.freePort();
        writeProject(project, port);
        long t0 = System.nanoTime();
        preload(data.resolve("ductus.db"), messages);
        System.out.printf("abuse: %,d messages stored in %.0f s (the browse benchmark's, for the text searches to read)%n",
                messages, (System.nanoTime() - t0) / 1e9);
        String token = AlertsBench.token(root, project, data, dir);
        Process engine = FileIngestBench.startEngine(root, project, data, dir);
        try {
            String api = AlertsBench.apiUrl(dir);
            awaitPort(port);
            steady(port, engine, "warm-up", quick ? 5 : 10, () -> { });
            long idleRss = rssMb(engine);
            System.out.printf("abuse: engine resident %d MB after the warm-up%n", idleRss);

            Phase alone = steady(port, engine, "alone", phaseSeconds, () -> { });
            Phase search;
            try (Searches s = new Searches(api, token)) {
                search = steady(port, engine, "beside 8 text searches", phaseSeconds, s::report);
            }
            Phase conns;
            try (Connections c = new Connections(port)) {
                conns = steady(port, engine, "beside 500 idle and 50 dribbling connections", phaseSeconds, c::report);
            }
            Phase frames;
            long peakRss;
            try (Frames f = new Frames(port, engine)) {
                frames = steady(port, engine, "beside 100 unfinished 15 MB frames", phaseSeconds, f::report);
                peakRss = f.peakRssMb();
            }
            long rssFrames = peakRss - idleRss;
            System.out.printf("abuse: engine resident %d MB at most during the frames phase, %d MB over the %d MB after the warm-up%n",
                    peakRss, rssFrames, idleRss);
            double limit = 2 * alone.p99() + 5;
            System.out.println("abuse: load generators " + (NICED_LOAD ? "niced" : "at normal priority (nicedLoad=false)"));
            System.out.printf("abuse: targets: each p99 beside <= %.1f ms (2 x alone + 5 ms): search %s, conns %s, frames %s;"
                            + " rss_frames_mb <= 512: %s%n", limit, ok(search.p99() <= limit), ok(conns.p99() <= limit),
                    ok(frames.p99() <= limit), ok(rssFrames <= 512));
            System.out.printf(Locale.ROOT, "RESULT abuse ack_p99_alone_ms=%.1f ack_p99_search_ms=%.1f ack_p99_conns_ms=%.1f"
                            + " ack_p99_frames_ms=%.1f rss_frames_mb=%d ack_p50_alone_ms=%.1f ack_p50_search_ms=%.1f"
                            + " ack_p50_conns_ms=%.1f ack_p50_frames_ms=%.1f rss_idle_mb=%d messages=%d load=%s%n",
                    alone.p99(), search.p99(), conns.p99(), frames.p99(), rssFrames, alone.p50(), search.p50(), conns.p50(),
                    frames.p50(), idleRss, messages, LoadAverage.lastMinute());
        } finally {
            engine.destroy();
            if (!engine.waitFor(30, TimeUnit.SECONDS)) engine.destroyForcibly();
        }
        FileIngestBench.deleteTree(dir);
    }

    /** Lowers a load generator's thread (and the threads it starts) to the lowest priority, unless told not to. */
    private static void lowerLoad() {
        if (NICED_LOAD) LowPriority.lowerThisThread();
    }

    private static String ok(boolean met) {
        return met ? "met" : "NOT met";
    }

    private static void writeProject(Path project, int port) throws IOException {
        Files.createDirectories(project.resolve("interfaces/ingest"));
        Files.writeString(project.resolve("interfaces/ingest/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                durability: strict
                ordering: { key: PID-3.1, partitions: 8 }
                destinations:
                  archive: { type: file, path: "out/{MSH-10}.hl7" }
                """.formatted(port));
    }

    /** The browse benchmark's messages, finished as the workers would have left them, the WAL copied back. */
    private static void preload(Path db, int messages) throws Exception {
        try (JdbcStore store = SqliteStores.open(db)) {
            BrowseBench.load(store, messages, 1);
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            BrowseBench.finish(c);
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
        }
    }

    /** What the steady sender measured in a phase: each message's latency from when it was due to its AA. */
    private record Phase(double[] latenciesMs, int retries) {
        double p50() {
            return latenciesMs[latenciesMs.length / 2];
        }

        double p99() {
            return latenciesMs[(int) Math.ceil(latenciesMs.length * 0.99) - 1];
        }
    }

    /**
     * A message every 100 ms for {@code seconds}, on a connection opened now; a refused connection, a closed one
     * or an AE is tried again 100 ms later until it is answered AA.
     */
    private static Phase steady(int port, Process engine, String name, long seconds, Runnable report) throws Exception {
        CpuUse cpu = CpuUse.since(engine);
        List<Double> latencies = new ArrayList<>();
        int phase = PHASES.incrementAndGet();
        int retries = 0;
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        MllpSender sender = null;
        int unanswered = 0;
        long lastAnswered = start;
        try {
            int i = 0;
            sending:
            for (long due = start; due < end; due += INTERVAL_NANOS, i++) {
                long wait = due - System.nanoTime();
                if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
                // From when it was due while the last answer was still awaited (the engine's time, no coordinated
                // omission); else from when it was sent: this thread's own late wake-up is the benchmark's, not the engine's.
                long from = lastAnswered - due > 0 ? due : System.nanoTime();
                byte[] message = message("P" + phase + "-" + i);
                while (true) {
                    try {
                        if (sender == null) sender = new MllpSender(port, InetAddress.getByName("127.0.0.1"), 60_000);
                        if (sender.send(message)) break;
                    } catch (IOException e) {
                        if (sender != null) sender.close();
                        sender = null;
                    }
                    retries++;
                    if (System.nanoTime() > end + GIVE_UP_NANOS) { // counted as answered now, and the phase ends
                        latencies.add((System.nanoTime() - from) / 1e6);
                        unanswered = (int) ((end - due) / INTERVAL_NANOS);
                        break sending;
                    }
                    Thread.sleep(100);
                }
                lastAnswered = System.nanoTime();
                latencies.add((lastAnswered - from) / 1e6);
            }
        } finally {
            if (sender != null) sender.close();
        }
        if (unanswered > 0) {
            System.out.printf("%s: gave up %d s after the phase's end: %d messages due were never answered AA (each counted as"
                    + " answered at the end)%n", name, TimeUnit.NANOSECONDS.toSeconds(GIVE_UP_NANOS), unanswered);
            double last = latencies.get(latencies.size() - 1);
            for (int k = 0; k < unanswered; k++) latencies.add(last);
        }
        Collections.sort(latencies);
        double[] sorted = latencies.stream().mapToDouble(Double::doubleValue).toArray();
        Phase measured = new Phase(sorted, retries);
        System.out.printf(Locale.ROOT, "%s: %d messages, ACK latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d tries again%n", name,
                sorted.length, measured.p50(), measured.p99(), sorted[sorted.length - 1], retries);
        System.out.println("  " + cpu.report());
        report.run();
        return measured;
    }

    private static byte[] message(String controlId) {
        return ("MSH|^~\\&|BENCH|SENDER|DUCTUS|TEST|20261201120000||ADT^A08^ADT_A01|" + controlId + "|P|2.5.1\r"
                + "EVN|A08|20261201120000\r"
                + "PID|1||" + controlId + "^^^BENCH^MR||DOE^JANE^Q||19700101|F\r"
                + "PV1|1|O|CLINIC^101^1\r").getBytes(StandardCharsets.UTF_8);
    }

    /** Eight viewers' text searches in a loop, each going on where the last one stopped. */
    private static final class Searches implements AutoCloseable {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();
        private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        private final AtomicLong answeredNanos = new AtomicLong();

        Searches(String api, String token) {
            for (int t = 0; t < SEARCHES; t++) {
                threads.add(Thread.ofPlatform().name("search-" + t).start(() -> {
                    lowerLoad(); // before its HttpClient starts the threads that inherit it
                    loop(api, token);
                }));
            }
        }

        private void loop(String api, String token) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String next = null;
            while (!stop.get()) {
                String uri = api + "/api/v1/messages?text=" + BrowseData.RARE_MRN + "&scanLimit=100000"
                        + (next == null ? "" : "&before=" + next);
                long t0 = System.nanoTime();
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(120))
                            .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
                    statuses.computeIfAbsent(r.statusCode(), k -> new AtomicInteger()).incrementAndGet();
                    if (r.statusCode() == 200) {
                        answeredNanos.addAndGet(System.nanoTime() - t0);
                        Matcher m = NEXT.matcher(r.body());
                        next = m.find() ? m.group(1) : null;
                    } else {
                        long seconds = r.headers().firstValueAsLong("Retry-After").orElse(1);
                        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                    }
                } catch (IOException e) {
                    statuses.computeIfAbsent(-1, k -> new AtomicInteger()).incrementAndGet();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void report() {
            int ok = statuses.getOrDefault(200, new AtomicInteger()).get();
            System.out.printf(Locale.ROOT, "  searches answered by status: %s; %.0f ms per answered search on average%n",
                    new java.util.TreeMap<>(statuses), ok == 0 ? 0.0 : answeredNanos.get() / 1e6 / ok);
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            for (Thread t : threads) t.interrupt();
            for (Thread t : threads) t.join();
        }
    }

    /** 500 idle connections from 127.0.0.2 and 50 from 127.0.0.3 that send a frame's start and then a byte a second. */
    private static final class Connections implements AutoCloseable {
        private final List<Socket> idle = new ArrayList<>();
        private final List<Socket> dribbling = new ArrayList<>();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread dribbler;
        private final AtomicInteger cutOff = new AtomicInteger();
        private int refused;

        Connections(int port) throws IOException {
            for (int i = 0; i < IDLE + DRIBBLING; i++) {
                Socket s = new Socket();
                try {
                    s.bind(new InetSocketAddress(InetAddress.getByName(i < IDLE ? "127.0.0.2" : "127.0.0.3"), 0));
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                    (i < IDLE ? idle : dribbling).add(s);
                } catch (IOException e) {
                    refused++;
                    s.close();
                }
            }
            byte[] frame = ("\u000bMSH|^~\\&|SLOW|SENDER|DUCTUS|TEST|20261201120000||ADT^A08|SLOW|P|2.5.1\r").getBytes(StandardCharsets.ISO_8859_1);
            dribbler = Thread.ofPlatform().name("dribbler").start(() -> {
                lowerLoad();
                for (int b = 0; !stop.get(); b = (b + 1) % frame.length) {
                    for (Socket s : dribbling) {
                        if (s.isClosed()) continue;
                        try {
                            s.getOutputStream().write(frame[b]);
                        } catch (IOException e) {
                            cutOff.incrementAndGet();
                            closeQuietly(s);
                        }
                    }
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }

        void report() {
            System.out.printf("  connections: %d of %d idle and %d of %d dribbling still open at the end (%d cut off while"
                            + " dribbling), %d not even connected%n", stillOpen(idle), IDLE, stillOpen(dribbling), DRIBBLING,
                    cutOff.get(), refused);
        }

        /** Open as far as a zero-timeout read can tell: it times out rather than reading the end of the stream. */
        private static long stillOpen(List<Socket> sockets) {
            return sockets.stream().filter(s -> {
                if (s.isClosed()) return false;
                try {
                    s.setSoTimeout(1);
                    InputStream in = s.getInputStream();
                    while (true) {
                        if (in.read() < 0) return false;
                    }
                } catch (java.net.SocketTimeoutException e) {
                    return true;
                } catch (IOException e) {
                    return false;
                }
            }).count();
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            dribbler.interrupt();
            dribbler.join();
            idle.forEach(Connections::closeQuietly);
            dribbling.forEach(Connections::closeQuietly);
        }

        static void closeQuietly(Socket s) {
            try {
                s.close();
            } catch (IOException ignored) {
                // going anyway
            }
        }
    }

    /** 100 connections from 127.0.1.1 to 127.0.1.100, each 15 MB of a frame without its end bytes, then holding. */
    private static final class Frames implements AutoCloseable {
        private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
        private final List<Thread> threads = new ArrayList<>();
        private final AtomicInteger sent = new AtomicInteger();
        private final AtomicInteger cut = new AtomicInteger();
        private final AtomicInteger answered = new AtomicInteger();
        private final AtomicLong peak = new AtomicLong();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread sampler;

        Frames(int port, Process engine) {
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) 'X');
            byte[] head = "\u000bMSH|^~\\&|BIG|SENDER|DUCTUS|TEST|20261201120000||ORU^R01|BIG|P|2.5.1\rOBX|1|ED|PDF||"
                    .getBytes(StandardCharsets.ISO_8859_1);
            sampler = Thread.ofPlatform().name("rss").start(() -> {
                while (!stop.get()) {
                    try {
                        peak.accumulateAndGet(rssMb(engine), Math::max);
                        Thread.sleep(200);
                    } catch (IOException | InterruptedException e) {
                        return;
                    }
                }
            });
            for (int i = 1; i <= FRAMES; i++) {
                String from = "127.0.1." + i;
                threads.add(Thread.ofPlatform().name("frame-" + i).start(() -> {
                    lowerLoad(); // its reader below is started from it, and so inherits it
                    try {
                        Socket s = new Socket();
                        sockets.add(s);
                        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
                        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                        Thread reader = Thread.ofPlatform().start(() -> {
                            try {
                                if (s.getInputStream().read() >= 0) answered.incrementAndGet();
                            } catch (IOException ignored) {
                                // closed
                            }
                        });
                        OutputStream out = s.getOutputStream();
                        out.write(head);
                        for (int n = head.length; n < FRAME_BYTES && !stop.get(); n += chunk.length) out.write(chunk);
                        sent.incrementAndGet();
                        reader.join();
                    } catch (IOException e) {
                        cut.incrementAndGet();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
        }

        long peakRssMb() {
            return peak.get();
        }

        void report() {
            System.out.printf("  frames: %d of %d sent whole (15 MB, no end bytes), %d cut off while sending, %d answered (AE or AR)%n",
                    sent.get(), FRAMES, cut.get(), answered.get());
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            synchronized (sockets) {
                sockets.forEach(Connections::closeQuietly);
            }
            for (Thread t : threads) t.join();
            sampler.join();
        }
    }

    /** The engine's resident memory (VmRSS; bin/ductus execs java, so the process is the JVM). */
    static long rssMb(Process engine) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(engine.pid()), "status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
        }
        throw new IOException("no VmRSS for process " + engine.pid());
    }

    private static void awaitPort(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("the MLLP source did not open on " + port);
                Thread.sleep(50);
            }
        }
    }
}
