package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alerts end to end, from the distribution as a child process: a destination whose receiver is down fires
 * one alert after its hold, reminds, escalates to a mailbox on a real SMTP server (GreenMail), and recovers
 * once with one notification per channel told, when the receiver is back. Webhook notices arrive at a real
 * HTTP receiver in the engine's own JSON.
 */
@ExtendWith(EngineLogOnFailure.class)
class AlertsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGET = TestProject.INTERFACE + "/lab";

    @TempDir
    Path tmp;

    private GreenMail mail;

    @BeforeEach
    void smtp() {
        mail = new GreenMail(ServerSetup.SMTP.dynamicPort());
        mail.start();
    }

    @AfterEach
    void stopSmtp() {
        mail.stop();
    }

    private String alertsYaml(String webhook) {
        return alertsYaml(webhook, "7s");
    }

    private String alertsYaml(String webhook, String escalateAfter) {
        return """
                alerts:
                  smtp: { host: 127.0.0.1, port: %d, security: none, from: ductus@example.org }
                  channels:
                    hook: { type: webhook, url: "%s" }
                    oncall: { type: email, to: [oncall@example.org] }
                  rules:
                    lab-down:
                      states: [error, stalled]
                      notify: hook
                      hold: 2s
                      remind: 4s
                      escalate: { after: %s, severity: critical, notify: oncall }
                  group: 0s
                  settle: 3s
                  check_every: 1s
                """.formatted(mail.getSmtp().getPort(), webhook, escalateAfter);
    }

    @Test
    void a_receiver_that_is_down_fires_once_after_its_hold_reminds_escalates_and_recovers_once() throws Exception {
        long seed = System.nanoTime();
        try (TestReceiver lab = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed); TestWebhook hook = new TestWebhook()) {
            lab.down();
            TestProject project = new TestProject(tmp).mllpDestination("lab", lab.port()).ductusYaml(alertsYaml(hook.url())).write();
            try (DuctusProcess ductus = project.start(Database.SQLITE.newUrl(project.data(), "alerts"))) {
                try (MllpSender sender = new MllpSender(project.port(), 10_000)) {
                    assertThat(sender.send(TestMessages.adt("A1", "P1")).code().name()).isEqualTo("AA");
                }
                long sent = System.nanoTime();
                Eventually.within(Duration.ofSeconds(30), () -> assertThat(hook.count("fired", TARGET)).isEqualTo(1));
                assertThat(Duration.ofNanos(System.nanoTime() - sent)).as("fired only after its hold").isGreaterThan(Duration.ofSeconds(2));
                Eventually.within(Duration.ofSeconds(20), () -> assertThat(hook.count("reminder", TARGET)).isGreaterThanOrEqualTo(1));
                Eventually.within(Duration.ofSeconds(30), () -> assertThat(subjects()).anyMatch(s -> s.contains("ESCALATED critical: " + TARGET)));
                assertThat(alertOf(ductus).path("severity").asText()).isEqualTo("critical");

                lab.up();
                Eventually.within(Duration.ofSeconds(90), () -> {
                    assertThat(hook.count("recovered", TARGET)).isEqualTo(1);
                    assertThat(subjects()).filteredOn(s -> s.contains("RECOVERED")).hasSize(1);
                });
                assertThat(lab.accepted()).as("the message reached the lab once it was back").isNotEmpty();
                // A few more rounds: nothing more is said about it.
                Thread.sleep(3_000);
                assertThat(hook.count("fired", TARGET)).as("fired once").isEqualTo(1);
                assertThat(hook.count("recovered", TARGET)).as("recovered once").isEqualTo(1);
                assertThat(subjects()).filteredOn(s -> s.contains("RECOVERED")).hasSize(1);
                assertThat(subjects()).filteredOn(s -> s.startsWith("[ductus] FIRING")).as("mail heard only from the escalation on").isEmpty();

                JsonNode open = JSON.readTree(ductus.get("/api/v1/alerts").body()).path("alerts");
                assertThat(open).as("nothing open any more").isEmpty();
                List<String> history = new ArrayList<>();
                JsonNode events = JSON.readTree(ductus.get("/api/v1/alert-history?limit=1000").body()).path("events");
                events.forEach(e -> {
                    if (e.path("target").asText().equals(TARGET)) history.add(0, e.path("what").asText());
                });
                assertThat(history).startsWith("fired").endsWith("recovered").contains("reminded", "escalated");
                assertThat(history).filteredOn("fired"::equals).hasSize(1);

                String metrics = ductus.get("/metrics").body();
                assertThat(metrics).contains("ductus_destination_state{destination=\"lab\",interface=\"e2e\",state=\"ok\"} 1.0");
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
        }
    }

    @Test
    void an_operator_acknowledges_silences_and_tests_channels_each_written_to_the_audit_log() throws Exception {
        long seed = System.nanoTime();
        try (TestReceiver lab = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed); TestWebhook hook = new TestWebhook()) {
            lab.down();
            TestProject project = new TestProject(tmp).mllpDestination("lab", lab.port()).ductusYaml(alertsYaml(hook.url(), "12s")).write();
            try (DuctusProcess ductus = project.start(Database.SQLITE.newUrl(project.data(), "operator"))) {
                ductus.token("operator"); // made before the alert fires: making it takes a JVM's start
                try (MllpSender sender = new MllpSender(project.port(), 10_000)) {
                    sender.send(TestMessages.adt("B1", "P1"));
                }
                Eventually.within(Duration.ofSeconds(30), () -> assertThat(hook.count("fired", TARGET)).isEqualTo(1));
                long fired = System.nanoTime();
                long id = alertOf(ductus).path("id").asLong();

                CliRun ack = CliRun.of(ductus, "alerts", "ack", Long.toString(id), "--comment", "lab is rebooting");
                assertThat(ack.exit()).as(ack.err()).isZero();
                assertThat(ack.out()).contains("acknowledged by token:");
                long waited = Duration.ofNanos(System.nanoTime() - fired).toMillis();
                assertThat(waited).as("acknowledged before the escalation was due").isLessThan(12_000);
                Thread.sleep(15_000 - waited); // past reminders and the escalation's time: neither comes once acknowledged
                List<String> history = new ArrayList<>();
                JSON.readTree(ductus.get("/api/v1/alert-history?alert=" + id).body()).path("events")
                        .forEach(e -> history.add(0, e.path("what").asText()));
                assertThat(history).contains("acknowledged");
                assertThat(history.subList(history.indexOf("acknowledged"), history.size())).doesNotContain("reminded", "escalated");
                assertThat(subjects()).noneMatch(s -> s.contains("ESCALATED"));

                CliRun silence = CliRun.of(ductus, "alerts", "silence", "e2e", "--for", "1h", "--reason", "lab maintenance");
                assertThat(silence.exit()).as(silence.err()).isZero();
                CliRun test = CliRun.of(ductus, "alerts", "test", "oncall");
                assertThat(test.exit()).as(test.err()).isZero();
                Eventually.within(Duration.ofSeconds(10), () -> assertThat(subjects()).anyMatch(s -> s.contains("TEST notification to channel oncall")));
                CliRun list = CliRun.of(ductus, "alerts");
                assertThat(list.out()).contains(TARGET).contains("firing");

                JsonNode audit = JSON.readTree(ductus.get("/api/v1/audit?limit=100").body()).path("entries");
                List<String> actions = new ArrayList<>();
                audit.forEach(e -> actions.add(e.path("action").asText()));
                assertThat(actions).contains("alert.acknowledge", "alert.silence", "alert.test");
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
        }
    }

    private JsonNode alertOf(DuctusProcess ductus) throws Exception {
        for (JsonNode a : JSON.readTree(ductus.get("/api/v1/alerts").body()).path("alerts")) {
            if (a.path("target").asText().equals(TARGET)) return a;
        }
        throw new AssertionError("no open alert for " + TARGET);
    }

    private List<String> subjects() throws Exception {
        List<String> subjects = new ArrayList<>();
        for (MimeMessage m : mail.getReceivedMessages()) subjects.add(m.getSubject());
        return subjects;
    }

    /** A ductus CLI command against the running engine, with its admin token. */
    record CliRun(int exit, String out, String err) {
        static CliRun of(DuctusProcess ductus, String... args) throws Exception {
            List<String> command = new ArrayList<>(List.of(DuctusProcess.distribution().resolve("bin/ductus").toString()));
            command.addAll(Arrays.asList(args));
            command.addAll(List.of("--url", ductus.apiUrl(), "--token", ductus.token("operator")));
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            Process p = builder.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes());
            String err = new String(p.getErrorStream().readAllBytes());
            return new CliRun(p.waitFor(), out, err);
        }
    }
}
