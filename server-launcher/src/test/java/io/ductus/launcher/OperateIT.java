package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Operating a running engine, the real distribution ({@code serve --example}): the status, pause, resume and
 * drain commands through the REST API with a token, their audit rows, readiness, /metrics and the event
 * stream; the design commands (revisions, deploy, diff, rollback) on the same typed client.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(EngineLogOnFailure.class)
class OperateIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The example's MLLP port in this run: a free one (6661 may be taken; a drain reopens on the same port). */
    private static int examplePort;

    @TempDir
    static Path tmp;

    private DuctusProcess ductus;
    private String url;

    /** One run of a command in this JVM: exit code and what it printed. */
    private record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    void startEngine() throws Exception {
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            examplePort = free.getLocalPort();
        }
        ductus = DuctusProcess.start(tmp, "serve", "--example", "--mllp-port", Integer.toString(examplePort), "--data",
                tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString());
        url = ductus.awaitStarted().group(2);
    }

    @AfterAll
    void stopEngine() {
        ductus.close();
    }

    @Test
    void status_shows_every_destination_of_the_example_with_its_queue_and_health() throws Exception {
        Run status = run("status", "--url", url, "--token", ductus.token("viewer"));

        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(status.out()).startsWith("INTERFACE  DESTINATION  STATE    PENDING  QUARANTINED  HEALTH\n");
        assertThat(status.out()).contains("adt-in     archive      running").contains("by-type").contains("patients");
    }

    @Test
    void pause_and_resume_a_destination_through_the_api_with_their_audit_rows() throws Exception {
        String operator = ductus.token("operator");
        Run paused = run("pause", "adt-in", "archive", "--url", url, "--token", operator);
        assertThat(paused.exitCode()).as(paused.err()).isZero();
        assertThat(paused.out()).startsWith("adt-in/archive is paused (");
        assertThat(destination("archive").path("paused").asBoolean()).isTrue();

        Run resumed = run("resume", "adt-in", "archive", "--url", url, "--token", operator);
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).startsWith("adt-in/archive is not paused (");
        assertThat(destination("archive").path("paused").asBoolean()).isFalse();

        JsonNode audit = JSON.readTree(ductus.get("/api/v1/audit").body());
        List<String> actions = StreamSupport.stream(audit.path("entries").spliterator(), false)
                .filter(e -> e.path("target").asText().equals("destination:adt-in/archive")).map(e -> e.path("action").asText()).toList();
        assertThat(actions).containsExactly("destination.resume", "destination.pause");
    }

    @Test
    void drain_closes_the_listener_makes_the_engine_unready_and_ends_with_stop() throws Exception {
        String operator = ductus.token("operator");
        Run started = run("drain", "--url", url, "--token", operator);
        try {
            assertThat(started.exitCode()).as(started.err()).isZero();
            assertThat(started.out()).startsWith("draining since ");
            assertThat(ductus.getAnonymously("/api/v1/ready").statusCode()).isEqualTo(503);
            assertThat(canConnect(examplePort)).as("the MLLP listener is closed while draining").isFalse();

            Eventually.within(Duration.ofSeconds(30), () -> assertThat(run("drain", "--status", "--url", url, "--token", operator).out())
                    .contains("drained, nothing pending: safe to stop the engine"));
        } finally {
            Run stopped = run("drain", "--stop", "--url", url, "--token", operator);
            assertThat(stopped.exitCode()).as(stopped.err()).isZero();
            assertThat(stopped.out()).isEqualTo("drain ended: the sources take input again\n");
        }
        assertThat(ductus.getAnonymously("/api/v1/ready").statusCode()).isEqualTo(200);
        Eventually.within(Duration.ofSeconds(10), () -> assertThat(canConnect(examplePort)).isTrue());
    }

    @Test
    void a_refused_token_a_viewer_pausing_and_an_unknown_destination_fail_with_exit_code_1() throws Exception {
        Run unknownToken = run("status", "--url", url, "--token", "dux_" + "0".repeat(64));
        assertThat(unknownToken.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(unknownToken.err()).contains("the engine refused the token");

        Run viewer = run("pause", "adt-in", "archive", "--url", url, "--token", ductus.token("viewer"));
        assertThat(viewer.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(viewer.err()).contains("not allowed: pauseDestination needs operator");

        Run unknown = run("pause", "adt-in", "nowhere", "--url", url, "--token", ductus.token("operator"));
        assertThat(unknown.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(unknown.err()).contains("no destination 'nowhere'");
    }

    @Test
    void messages_list_show_and_resend_through_the_api() throws Exception {
        try (MllpSender sender = new MllpSender(examplePort, 10_000)) {
            assertThat(sender.send(TestMessages.adt("OPS-MSG-1", "K7")).code().name()).isEqualTo("AA");
        }
        Path out = tmp.resolve("data/out");
        Eventually.within(Duration.ofSeconds(20), () -> assertThat(archived(out, "OPS-MSG-1-")).isNotEmpty());

        Run list = run("messages", "list", "--interface", "adt-in", "--text", "OPS-MSG-1", "--url", url,
                "--token", ductus.token("viewer"));
        assertThat(list.exitCode()).as(list.err()).isZero();
        List<String> lines = list.out().lines().toList();
        assertThat(lines.get(0)).matches("\\s*ID\\s+RECEIVED\\s+INTERFACE\\s+STATUS\\s+KEY\\s+SIZE");
        assertThat(lines).hasSize(2);
        String id = lines.get(1).strip().split("\\s+")[0];
        assertThat(lines.get(1)).contains("adt-in").contains("K7");

        Run show = run("messages", "show", id, "--payload", "--url", url, "--token", ductus.token("admin"));
        assertThat(show.exitCode()).as(show.err()).isZero();
        assertThat(show.out()).contains("message " + id + "  adt-in").contains("key       K7").containsPattern("archive\\s+sent\\s+1")
                .contains("\nMSH|^~\\&|").contains("OPS-MSG-1");
        Run noPayloads = run("messages", "show", id, "--payload", "--url", url, "--token", ductus.token("operator"));
        assertThat(noPayloads.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(noPayloads.err()).contains("not allowed").contains("payloads");

        java.nio.file.Files.delete(archived(out, "OPS-MSG-1-").get(0));
        Run resend = run("resend", id, "--destination", "archive", "--url", url, "--token", ductus.token("operator"));
        assertThat(resend.exitCode()).as(resend.err()).isZero();
        assertThat(resend.out()).contains("message " + id + " → archive: sent, pending again").contains("1 deliveries resent");
        Eventually.within(Duration.ofSeconds(20), () -> assertThat(archived(out, "OPS-MSG-1-")).hasSize(1));
        JsonNode audit = JSON.readTree(ductus.get("/api/v1/audit?limit=20").body());
        assertThat(audit.findValuesAsText("action")).contains("message.resend", "message.payload.read");
    }

    private static List<Path> archived(Path out, String prefix) throws java.io.IOException {
        if (!java.nio.file.Files.isDirectory(out)) return List.of();
        try (Stream<Path> files = java.nio.file.Files.list(out)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList();
        }
    }

    @Test
    void an_event_follower_sees_a_delivery_within_a_second_and_metrics_count_it() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<Stream<String>> stream = http.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/events"))
                .header("Authorization", "Bearer " + ductus.token("viewer")).build(), HttpResponse.BodyHandlers.ofLines());
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                stream.body().forEach(lines::add);
            } catch (RuntimeException e) {
                // closed
            }
        });
        try {
            assertThat(stream.statusCode()).isEqualTo(200);
            // The archive destination writes data/out/{MSH-10}-{id}.hl7: when it shows, the delivery is done.
            Path out = tmp.resolve("data/out");
            AtomicLong delivered = new AtomicLong();
            Thread watcher = Thread.ofVirtual().start(() -> {
                while (delivered.get() == 0) {
                    try (Stream<Path> files = java.nio.file.Files.list(out)) {
                        if (files.anyMatch(f -> f.getFileName().toString().startsWith("OPS-SSE-1-"))) delivered.set(System.nanoTime());
                        Thread.sleep(2);
                    } catch (java.io.IOException e) {
                        // not there yet
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            long sent = System.nanoTime();
            try (MllpSender sender = new MllpSender(examplePort, 10_000)) {
                assertThat(sender.send(TestMessages.adt("OPS-SSE-1", "K1")).code().name()).isEqualTo("AA");
            }
            long acked = System.nanoTime();
            String event = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                String line = lines.poll(100, TimeUnit.MILLISECONDS);
                if (line != null && line.startsWith("data: ") && line.contains("\"destination\":\"archive\"")
                        && line.contains("\"outcome\"")) {
                    event = line;
                    break;
                }
            }
            long arrived = System.nanoTime();
            watcher.join(1000);
            watcher.interrupt();
            assertThat(event).as("a delivery event for archive").isNotNull().contains("\"outcome\":\"sent\"").doesNotContain("OPS-SSE-1");
            assertThat(delivered.get()).as("the archive file was seen").isPositive();
            Duration afterDelivery = Duration.ofNanos(arrived - delivered.get());
            System.out.printf("OperateIT: delivery event %d ms after the archive file appeared (ACK %d ms, file %d ms, event %d ms"
                    + " after the MLLP send)%n", afterDelivery.toMillis(), Duration.ofNanos(acked - sent).toMillis(),
                    Duration.ofNanos(delivered.get() - sent).toMillis(), Duration.ofNanos(arrived - sent).toMillis());
            assertThat(afterDelivery).isLessThan(Duration.ofSeconds(1));
        } finally {
            stream.body().close();
            reader.interrupt();
        }

        assertThat(ductus.getAnonymously("/metrics").statusCode()).isEqualTo(401);
        String metrics = ductus.get("/metrics").body();
        assertThat(metrics).contains("ductus_messages_received_total{interface=\"adt-in\"}");
        assertThat(metrics).contains("ductus_deliveries_total{destination=\"archive\",interface=\"adt-in\",outcome=\"sent\"}");
        assertThat(metrics).contains("ductus_queue_pending{destination=\"archive\",interface=\"adt-in\"}");
        assertThat(metrics).contains("ductus_draining 0.0");
    }

    private JsonNode destination(String name) throws Exception {
        JsonNode adt = JSON.readTree(ductus.get("/api/v1/interfaces/adt-in").body());
        for (JsonNode d : adt.path("destinations")) if (d.path("name").asText().equals(name)) return d;
        throw new AssertionError("no destination " + name + " in " + adt);
    }

    private static boolean canConnect(int port) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void an_unknown_message_or_interface_fails_with_exit_code_1_and_dates_are_taken_in_from_and_to() throws Exception {
        String operator = ductus.token("operator");
        Run show = run("messages", "show", "999999", "--url", url, "--token", operator);
        assertThat(show.exitCode()).isEqualTo(ExitCodes.FAILED);
        Run resend = run("resend", "999999", "--url", url, "--token", operator);
        assertThat(resend.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(resend.err()).contains("There is no message 999999: nothing was changed");
        Run typo = run("messages", "list", "--interface", "adt-inn", "--url", url, "--token", operator);
        assertThat(typo.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(typo.err()).contains("'adt-inn'").contains("adt-in");
        Run unknownDestination = run("retry", "adt-in", "nowhere", "--url", url, "--token", operator);
        assertThat(unknownDestination.exitCode()).isEqualTo(ExitCodes.FAILED);

        Run dated = run("messages", "list", "--interface", "adt-in", "--from", "2026-01-01", "--to", "2099-12-31", "--url", url,
                "--token", operator);
        assertThat(dated.exitCode()).as(dated.err()).isZero();
        Run retry = run("retry", "adt-in", "archive", "--url", url, "--token", operator);
        assertThat(retry.exitCode()).as(retry.err()).isZero();
        assertThat(retry.out()).isEqualTo("adt-in/archive: nothing waits for a retry\n");
        Run byFilter = run("resend", "--interface", "adt-in", "--from", "2026-01-01", "--url", url, "--token", operator);
        assertThat(byFilter.exitCode()).as(byFilter.err()).isZero();
        assertThat(byFilter.out()).startsWith("adt-in: 0 quarantined message(s) resent");
    }

    @Test
    void the_design_commands_list_revisions_deploy_only_what_differs_show_a_diff_and_roll_back() throws Exception {
        String viewer = ductus.token("viewer");
        String operator = ductus.token("operator");
        Run revisions = run("revisions", "adt-in", "--url", url, "--token", viewer);
        assertThat(revisions.exitCode()).as(revisions.err()).isZero();
        assertThat(revisions.out()).startsWith("REV").contains("deployed (runs)");
        Run deploy = run("deploy", "--interface", "adt-in", "-m", "nothing changed", "--url", url, "--token", operator);
        assertThat(deploy.exitCode()).as(deploy.err()).isZero();
        assertThat(deploy.out()).matches("adt-in: unchanged \\(revision \\d+\\)\n");
        String current = deploy.out().replaceAll("\\D+", "");
        Run diff = run("diff", "adt-in", current, "running", "--url", url, "--token", viewer);
        assertThat(diff.exitCode()).as(diff.err()).isZero();
        assertThat(diff.out()).isEqualTo("no differences\n");
        Run rollback = run("rollback", "adt-in", current, "-m", "back to what runs", "--url", url, "--token", operator);
        assertThat(rollback.exitCode()).as(rollback.err()).isZero();
        assertThat(rollback.out()).startsWith("adt-in already runs the files of revision " + current);
        Run viewerDeploys = run("deploy", "--url", url, "--token", viewer);
        assertThat(viewerDeploys.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(viewerDeploys.err()).contains("not allowed");
    }

    @Test
    void retention_shows_each_interfaces_window_and_confirm_refuses_when_nothing_waits() throws Exception {
        String viewer = ductus.token("viewer");
        // The engine's first run is 5 s after its start; until then nothing is counted yet.
        Eventually.within(Duration.ofSeconds(60), () -> assertThat(run("retention", "--url", url, "--token", viewer).out())
                .contains("last run"));
        Run retention = run("retention", "--url", url, "--token", viewer);
        assertThat(retention.exitCode()).as(retention.err()).isZero();
        assertThat(retention.out()).startsWith("default window 7w, audit rows kept 6y").contains("INTERFACE").containsPattern("adt-in +7w +7w +keep");
        Run operator = run("retention", "confirm", "adt-in", "--url", url, "--token", ductus.token("operator"));
        assertThat(operator.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(operator.err()).contains("not allowed");
        Run nothing = run("retention", "confirm", "adt-in", "--url", url, "--token", ductus.token("admin"));
        assertThat(nothing.exitCode()).isEqualTo(ExitCodes.FAILED);
        assertThat(nothing.err()).contains("only a shorter window waits for a confirmation");
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
