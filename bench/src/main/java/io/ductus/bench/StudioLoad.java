package io.ductus.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.ductus.client.DuctusClient;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.main.ServerWindow;
import io.ductus.studio.main.ServerWindowViewModel;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.FxTaskExecutor;
import io.ductus.studio.ui.FxDialogService;
import io.ductus.studio.ui.Theme;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The studio's dashboard under load, in a JVM of its own (headless): an engine's API answered by a small HTTP
 * server here (N interfaces of two destinations each; an event stream sending R events a second: receipts and
 * deliveries spread over the interfaces, and every 2 s the counts of every destination, as the engine does),
 * the real client, view models and window, reached as the studio reaches them (the connect screen's warm-up of the
 * client, then signing in). Measures the first paint of the dashboard from the moment the window
 * asks for the interfaces, then the longest gap between two frames (an AnimationTimer asks for every frame)
 * while idle for 5 s and while the events flow for S seconds.
 *   StudioLoad N S R
 */
public final class StudioLoad {

    private final int interfaces;
    private final AtomicBoolean flowing = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    private final String list;

    private StudioLoad(int interfaces) {
        this.interfaces = interfaces;
        StringBuilder s = new StringBuilder("{\"draining\":false,\"interfaces\":[");
        for (int i = 0; i < interfaces; i++) s.append(i == 0 ? "" : ",").append(anInterface(i));
        list = s.append("]}").toString();
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int seconds = Integer.parseInt(args[1]);
        int rate = Integer.parseInt(args[2]);
        new StudioLoad(n).run(seconds, rate);
        System.exit(0);
    }

    private static String name(int i) {
        return String.format("iface-%04d", i);
    }

    private static String anInterface(int i) {
        String health = i % 50 == 0 ? "{\"state\":\"error\",\"reason\":\"destination lab: 3 message(s) quarantined\"}" : "{\"state\":\"ok\",\"reason\":null}";
        return "{\"name\":\"" + name(i) + "\",\"state\":\"running\",\"reason\":null,\"source\":{\"type\":\"mllp\",\"status\":\"ok\",\"detail\":null},"
                + "\"health\":" + health + ",\"lastReceivedAt\":null,\"destinations\":[" + destination(i, "archive", 0) + ","
                + destination(i, "lab", i % 50 == 0 ? 3 : 0) + "]}";
    }

    private static String destination(int i, String d, int quarantined) {
        String health = quarantined > 0 ? "{\"state\":\"error\",\"reason\":\"" + quarantined + " message(s) quarantined\"}" : "{\"state\":\"ok\",\"reason\":null}";
        return "{\"interface\":\"" + name(i) + "\",\"name\":\"" + d + "\",\"paused\":false,\"connector\":{\"type\":\"" + (d.equals("lab") ? "mllp" : "file")
                + "\",\"status\":\"ok\",\"detail\":null},\"pending\":0,\"quarantined\":" + quarantined + ",\"health\":" + health
                + ",\"lastFinishedAt\":null}";
    }

    private void run(int seconds, int rate) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/api/v1/interfaces", this::interfaces);
        server.createContext("/api/v1/drain", e -> json(e, "{\"draining\":false,\"since\":null,\"drained\":false,\"pending\":0,\"pendingPaused\":0}"));
        server.createContext("/api/v1/engine", e -> json(e, "{\"version\":\"bench\",\"state\":\"running\",\"uptimeSeconds\":1,\"draining\":false}"));
        server.createContext("/api/v1/events", e -> events(e, rate));
        server.createContext("/api/v1/me", e -> json(e, "{\"actor\":\"token:bench\",\"via\":\"token\",\"user\":null,\"token\":\"bench\","
                + "\"role\":\"operator\",\"permissions\":[],\"mustChangePassword\":false}"));
        server.start();
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());

        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        // As the studio gets here: its connect screen warmed the client while the user typed, then signed in.
        io.ductus.studio.connect.ClientWarmup.run();
        DuctusClient client = DuctusClient.withToken(base, "dux_bench");
        io.ductus.client.model.Me me = client.me();
        long[] firstPaint = {-1};
        long[] lastFrame = {0};
        long[] maxGap = {0};
        long[] frames = {0};
        CountDownLatch painted = new CountDownLatch(1);
        long[] t0 = {0};
        Platform.runLater(() -> {
            Theme.apply("light");
            Stage stage = new Stage();
            ServerWindowViewModel vm = window(client, me, stage);
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    if (firstPaint[0] < 0) {
                        var rows = stage.getScene().getRoot().lookupAll(".tree-table-row-cell");
                        if (vm.dashboard().allInterfaces().size() == interfaces && rows.stream().anyMatch(r -> r.isVisible()
                                && r instanceof javafx.scene.control.TreeTableRow<?> row && row.getItem() != null)) {
                            firstPaint[0] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0[0]);
                            painted.countDown();
                        }
                    } else {
                        if (lastFrame[0] != 0) maxGap[0] = Math.max(maxGap[0], now - lastFrame[0]);
                        frames[0]++;
                    }
                    lastFrame[0] = now;
                }
            }.start();
            vm.dashboard().allInterfaces().addListener((javafx.collections.ListChangeListener<Object>) c ->
                    System.out.println("rows made (read, parsed, applied) after " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0[0]) + " ms"));
            t0[0] = System.nanoTime();
            vm.start();
        });
        if (!painted.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("the dashboard did not paint within 60 s");
        System.out.println("first paint of " + interfaces + " interfaces after " + firstPaint[0] + " ms");

        Thread.sleep(1000); // the first frames after the paint settle
        long idle = gapOver(maxGap, 5);
        System.out.println("idle for 5 s: longest frame gap " + idle + " ms");
        flowing.set(true);
        long before = sent.get();
        long loaded = gapOver(maxGap, seconds);
        long events = sent.get() - before;
        flowing.set(false);
        System.out.println(events + " events in " + seconds + " s: longest frame gap " + loaded + " ms, " + frames[0] + " frames in all");
        System.out.printf("dashboard_1000_ms=%d fx_max_stall_ms=%d idle_max_stall_ms=%d frames=%d events=%d%n", firstPaint[0], loaded, idle,
                frames[0], events);
        server.stop(0);
    }

    /** The studio's window on a server, as the studio opens it after signing in (on the FX thread). */
    static ServerWindowViewModel window(DuctusClient client, io.ductus.client.model.Me me, Stage stage) {
        ServerSession session = new ServerSession("bench", client, me, new FxTaskExecutor(), new FxDialogService(stage), Clock.systemDefaultZone());
        ServerWindowViewModel vm = new ServerWindowViewModel(session, new Hl7TreeReader(), Hl7Dictionary.standard());
        new ServerWindow(vm, stage, new ServerWindow.Host() {
            @Override
            public void toggleTheme() {
            }

            @Override
            public void fontSize(double delta) {
            }

            @Override
            public double fontSize() {
                return 13;
            }

            @Override
            public void closed(ServerWindow w) {
            }
        });
        Theme.style(stage.getScene(), 13);
        stage.show();
        return vm;
    }

    /** Resets the longest gap, waits, and returns the longest gap of that time in ms. */
    private static long gapOver(long[] maxGap, int seconds) throws Exception {
        CountDownLatch reset = new CountDownLatch(1);
        Platform.runLater(() -> {
            maxGap[0] = 0;
            reset.countDown();
        });
        reset.await();
        Thread.sleep(seconds * 1000L);
        long[] read = {0};
        CountDownLatch got = new CountDownLatch(1);
        Platform.runLater(() -> {
            read[0] = maxGap[0];
            got.countDown();
        });
        got.await();
        return TimeUnit.NANOSECONDS.toMillis(read[0]);
    }

    private void interfaces(HttpExchange e) throws IOException {
        String path = e.getRequestURI().getPath();
        if (path.equals("/api/v1/interfaces")) {
            json(e, list);
            return;
        }
        int i = Integer.parseInt(path.substring(path.lastIndexOf('-') + 1));
        json(e, anInterface(i));
    }

    private static void json(HttpExchange e, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        e.getResponseHeaders().add("Content-Type", "application/json");
        e.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = e.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The event stream: R events a second while flowing (receipts and deliveries), the counts every 2 s. */
    private void events(HttpExchange e, int rate) throws IOException {
        e.getResponseHeaders().add("Content-Type", "text/event-stream");
        e.sendResponseHeaders(200, 0);
        OutputStream out = e.getResponseBody();
        out.write(": bench events\nretry: 2000\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        Random random = new Random(42);
        long id = 0;
        long periodNanos = TimeUnit.SECONDS.toNanos(1) / rate;
        long next = System.nanoTime();
        long nextCounts = next;
        long message = 1;
        try {
            while (true) {
                long now = System.nanoTime();
                if (now < next) {
                    TimeUnit.NANOSECONDS.sleep(next - now);
                    continue;
                }
                next += periodNanos;
                if (!flowing.get()) {
                    next = System.nanoTime() + periodNanos;
                    nextCounts = next;
                    continue;
                }
                StringBuilder s = new StringBuilder();
                String iface = name(random.nextInt(interfaces));
                if (message % 2 == 0) {
                    s.append("id: ").append(++id).append("\nevent: received\ndata: {\"messageId\":").append(message)
                            .append(",\"interface\":\"").append(iface).append("\",\"duplicate\":false}\n\n");
                } else {
                    s.append("id: ").append(++id).append("\nevent: delivery\ndata: {\"messageId\":").append(message).append(",\"interface\":\"")
                            .append(iface).append("\",\"destination\":\"archive\",\"outcome\":\"sent\",\"attempts\":1}\n\n");
                }
                message++;
                sent.incrementAndGet();
                if (now >= nextCounts) {
                    nextCounts += TimeUnit.SECONDS.toNanos(2);
                    s.append("id: ").append(++id).append("\nevent: counts\ndata: {\"destinations\":[");
                    for (int i = 0; i < interfaces; i++) {
                        s.append(i == 0 ? "" : ",").append("{\"interface\":\"").append(name(i)).append("\",\"destination\":\"archive\",\"pending\":")
                                .append(random.nextInt(20)).append(",\"quarantined\":0},{\"interface\":\"").append(name(i))
                                .append("\",\"destination\":\"lab\",\"pending\":").append(random.nextInt(20)).append(",\"quarantined\":")
                                .append(i % 50 == 0 ? 3 : 0).append("}");
                    }
                    s.append("]}\n\n");
                }
                out.write(s.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException | InterruptedException ended) {
            // the studio closed the stream, or the run is over
        }
    }
}
