package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageQuery;
import io.ductus.store.NewMessage;
import io.ductus.threads.LowPriority;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Intake keeps its pace while people read and scanners hold connections, and /ready tells when it does not. A
 * real engine runtime (MLLP in, SQLite), one sender sending a message every 100 ms and waiting for each ACK,
 * alone and beside eight viewers' text searches over stored messages and 500 idle connections from twenty
 * addresses: its ACK p95 beside them stays within twice its p95 alone (plus 5 ms: a few ms move by that much on
 * a shared machine with nothing else running). The p99 is printed and met by {@code bench/run abuse}
 * (ack_p99_search_ms); here, of 200 waits, p99 is the second slowest, a figure other processes decide.
 *
 * <p>So that the comparison is fair on a machine other builds load too, the phases take turns: a warm-up of
 * both first (a fresh runtime's first messages and searches pay for the JIT and the pools' start, which would
 * give "alone" an accidental slack), then {@value #ROUNDS} rounds of {@value #PER_ROUND} messages alone and
 * {@value #PER_ROUND} beside, so a spell of load elsewhere falls into both. A message's wait counts from when it
 * was due, or from when it was sent if the sender was free when it was due but its own thread came late (the
 * test's thread, not the engine). The viewers' client threads run at the lowest priority: they stand for other
 * machines, whose CPU the engine does not share; what the engine does for them (the API's loop and handlers,
 * the scans) is all still here. The scans rest between their parts ({@code DutyCycle.SCAN}): unpaced, the process
 * used 13–15 s of CPU in the 20 s beside against 2 s alone, and the intake's threads, waking, waited for the
 * process's turn on a busy machine; paced, 5–8 s. On two cores shared with other builds at a load of 10–20 the
 * p99 of 200 still depends on other processes: the same test with nothing beside (alone against alone) missed
 * a p99 bound in 1 run of 12 there (docs/development.md, issue 16's notes), so the suite bounds p95.
 */
class IntakeUnderLoadTest {

    private static final int ROUNDS = 4;
    private static final int PER_ROUND = 50;
    private static final int STORED = 20_000;
    private static final int SEARCHES = 8;
    private static final int IDLE = 500;

    private final ApiFixture f = ApiFixture.withInterfaces();

    IntakeUnderLoadTest() throws Exception {
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void ready_and_the_interface_say_so_when_its_senders_wait_for_intake() throws Exception {
        assertThat(f.send("GET", "/api/v1/ready", Map.of(), null).statusCode()).isEqualTo(200);
        // A submission handed to intake 3 s ago and not yet stored: what a stalled database looks like to a sender.
        Object stuck = f.metrics.intake("adt").submitted(System.currentTimeMillis() - 3_000);
        HttpResponse<String> ready = f.send("GET", "/api/v1/ready", Map.of(), null);
        assertThat(ready.statusCode()).isEqualTo(503);
        assertThat(ApiFixture.read(ready).get("reasons").toString()).contains("interface adt: intake is slow: storing a message takes 3.");
        f.metrics.intake("adt").ended(stuck, System.currentTimeMillis());
        assertThat(new String(f.metrics.scrape(new io.prometheus.metrics.model.snapshots.MetricSnapshots(List.of())),
                StandardCharsets.UTF_8)).contains("ductus_intake_seconds_count{interface=\"adt\"}");
    }

    @Test
    void a_sender_keeps_its_ack_latency_beside_eight_text_searches_and_500_idle_connections() throws Exception {
        preload();
        List<String> viewers = new ArrayList<>();
        for (int i = 0; i < SEARCHES; i++) viewers.add(f.token("viewer"));
        steady("W", PER_ROUND);
        beside(viewers, "V");
        List<Double> alone = new ArrayList<>();
        List<Double> beside = new ArrayList<>();
        long[] cpuNanos = new long[2]; // this process's CPU in the phases alone and beside, for reading the figures
        for (int round = 0; round < ROUNDS; round++) {
            long t0 = processCpuNanos();
            for (double ms : steady("A" + round + "-", PER_ROUND)) alone.add(ms);
            long t1 = processCpuNanos();
            for (double ms : beside(viewers, "B" + round + "-")) beside.add(ms);
            cpuNanos[0] += t1 - t0;
            cpuNanos[1] += processCpuNanos() - t1;
        }
        double[] a = sorted(alone);
        double[] b = sorted(beside);
        double limit = 2 * p95(a) + 5;
        String figures = String.format("ACK ms alone p50 %.1f p95 %.1f p99 %.1f, beside p50 %.1f p95 %.1f p99 %.1f (limit on p95 %.1f);"
                        + " the slowest beside %s; CPU of this process alone %.1f s, beside %.1f s", a[a.length / 2], p95(a), p99(a),
                b[b.length / 2], p95(b), p99(b), limit, Arrays.toString(Arrays.copyOfRange(b, b.length - 5, b.length)),
                cpuNanos[0] / 1e9, cpuNanos[1] / 1e9);
        System.out.println(figures);
        assertThat(p95(b)).as(figures).isLessThanOrEqualTo(limit);
    }

    /** {@link #PER_ROUND} messages beside the searches and the idle connections, both started for them and stopped after. */
    private double[] beside(List<String> viewers, String phase) throws Exception {
        try (Searches searches = new Searches(viewers); IdleConnections idle = new IdleConnections(f.mllpPort())) {
            assertThat(idle.held()).as("the idle connections are let in").isEqualTo(IDLE);
            searches.awaitFirstAnswer();
            double[] latencies = steady(phase, PER_ROUND);
            assertThat(searches.answered.get()).as("the searches were answered meanwhile").isGreaterThan(1);
            return latencies;
        }
    }

    /** Messages for the text searches to read: none holds the text they look for, so each reads its whole budget. */
    private void preload() {
        long now = System.currentTimeMillis();
        for (int batch = 0; batch < STORED / 500; batch++) {
            List<NewMessage> messages = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                byte[] payload = ("MSH|^~\\&|T|F|D|F|20261129||ADT^A08|S" + batch + "-" + i + "|P|2.5\rPID|1||MRN" + i
                        + "||DOE^JANE||19700101|F\rPV1|1|O|CLINIC^101^1\r").getBytes(StandardCharsets.ISO_8859_1);
                messages.add(new NewMessage(now, payload, "ISO-8859-1", "MRN" + i, 0, null, List.of("legacy"), null));
            }
            f.store.store(IntakeBatch.of("adt", Durability.RELAXED, messages), now);
        }
    }

    /**
     * A message every 100 ms on one connection, each waiting for its AA: each one's wait for its ACK, from when it
     * was due, or from when it was sent when the sender was free at that time and its thread came late.
     */
    private double[] steady(String phase, int messages) throws Exception {
        double[] latencies = new double[messages];
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", f.mllpPort()), 5_000);
            socket.setSoTimeout(30_000);
            long due = System.nanoTime();
            long lastAck = due;
            for (int i = 0; i < messages; i++, due += TimeUnit.MILLISECONDS.toNanos(100)) {
                long wait = due - System.nanoTime();
                if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
                String message = "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + phase + i + "|P|2.5\rPID|1||P" + i + "\r";
                long sent = System.nanoTime();
                socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.ISO_8859_1)));
                socket.getOutputStream().flush();
                assertThat(Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code()).isEqualTo(AckCode.AA);
                long acked = System.nanoTime();
                long from = lastAck - due > 0 ? due : sent; // still waiting for the last ACK when due: the engine's time
                latencies[i] = (acked - from) / 1e6;
                lastAck = acked;
            }
        }
        return latencies;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static double[] sorted(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    private static double p95(double[] sorted) {
        return sorted[(int) Math.ceil(sorted.length * 0.95) - 1];
    }

    private static double p99(double[] sorted) {
        return sorted[(int) Math.ceil(sorted.length * 0.99) - 1];
    }

    /** Viewers searching the stored messages' text in a loop, each going on where the last page said. */
    private final class Searches implements AutoCloseable {
        final AtomicInteger answered = new AtomicInteger();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();

        Searches(List<String> tokens) {
            // Lowered before each builds its HttpClient, whose own threads it creates and so pass the nice value on.
            for (String token : tokens) {
                threads.add(Thread.ofPlatform().daemon(true).start(() -> {
                    LowPriority.lowerThisThread();
                    loop(token);
                }));
            }
        }

        void awaitFirstAnswer() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (answered.get() == 0 && System.nanoTime() < deadline) Thread.sleep(10);
            assertThat(answered.get()).as("a search was answered within 30 s").isPositive();
        }

        private void loop(String token) {
            try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                search(http, token);
            }
        }

        private void search(HttpClient http, String token) {
            Long next = null;
            while (!stop.get()) {
                String uri = f.server.url() + "/api/v1/messages?text=NOT-IN-ANY&scanLimit=" + MessageQuery.MAX_SCAN_LIMIT
                        + (next == null ? "" : "&before=" + next);
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(60))
                            .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() == 200) {
                        answered.incrementAndGet();
                        JsonNode page = ApiResponse.JSON.readTree(r.body());
                        next = page.get("next").isNull() ? null : page.get("next").asLong();
                    } else {
                        Thread.sleep(TimeUnit.SECONDS.toMillis(r.headers().firstValueAsLong("Retry-After").orElse(1)));
                    }
                } catch (IOException e) {
                    if (!stop.get()) throw new IllegalStateException(e);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            for (Thread t : threads) t.interrupt();
            for (Thread t : threads) t.join(10_000);
        }
    }

    /** Connections that send nothing, from twenty addresses (a scanner's, or a broken sender's). */
    private static final class IdleConnections implements AutoCloseable {
        private final List<Socket> sockets = new ArrayList<>();

        IdleConnections(int port) throws IOException {
            for (int i = 0; i < IDLE; i++) {
                Socket s = new Socket();
                s.bind(new InetSocketAddress("127.0.2." + (1 + i % 20), 0));
                s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                sockets.add(s);
            }
        }

        /** How many are still open as far as the engine is concerned: each is sent to and not closed. */
        int held() throws IOException {
            int open = 0;
            for (Socket s : sockets) {
                s.setSoTimeout(1);
                try {
                    if (s.getInputStream().read() >= 0) continue;
                } catch (java.net.SocketTimeoutException e) {
                    open++;
                }
            }
            return open;
        }

        @Override
        public void close() throws IOException {
            for (Socket s : sockets) s.close();
        }
    }
}
