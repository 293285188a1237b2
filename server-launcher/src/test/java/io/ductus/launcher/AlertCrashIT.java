package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Notifications are delivered at least once (seed 004's outbox with leases): {@code ductus serve} is killed
 * with SIGKILL after an alert's state change was committed with its notice and before the notice was sent,
 * either while it waits in its group (committed, not yet due) or while the webhook holds the send open
 * (claimed, leased, not answered). After the restart the notice arrives, once or more, never not at all, and
 * the change itself is recorded once. Every round starts from a fresh database; fewer on PostgreSQL, where
 * only the wait before sending is killed (a lease a dead engine left runs out after two minutes there).
 */
@ExtendWith(EngineLogOnFailure.class)
class AlertCrashIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGET = TestProject.INTERFACE + "/lab";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}, {1} rounds, kill while sending: {2}")
    @CsvSource({"SQLITE, 4, true", "POSTGRES, 2, false"})
    void a_notice_committed_with_its_change_is_sent_after_kill_9(Database database, int rounds, boolean whileSending) throws Exception {
        long seed = System.nanoTime();
        System.out.println("AlertCrashIT " + database + " seed " + seed);
        Random random = new Random(seed);
        for (int round = 1; round <= rounds; round++) {
            boolean sending = whileSending && round % 2 == 0;
            Path folder = tmp.resolve("round-" + round);
            try (TestReceiver lab = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed); TestWebhook hook = new TestWebhook()) {
                lab.down();
                if (sending) hook.hang();
                TestProject project = new TestProject(folder).mllpDestination("lab", lab.port()).ductusYaml("""
                        alerts:
                          channels:
                            hook: { type: webhook, url: "%s" }
                          rules:
                            lab-down: { states: [error], notify: hook, hold: 0s }
                          group: 10s
                          check_every: 1s
                        """.formatted(hook.url())).write();
                String url = database.newUrl(project.data(), "alertcrash" + round);
                try (DuctusProcess ductus = project.start(url)) {
                    try (MllpSender sender = new MllpSender(project.port(), 10_000)) {
                        sender.send(TestMessages.adt("C" + round, "P1"));
                    }
                    if (sending) {
                        Eventually.within(Duration.ofSeconds(60), () -> assertThat(hook.requests()).isPositive());
                    } else {
                        Eventually.within(Duration.ofSeconds(60), () -> assertThat(status(ductus)).isEqualTo("firing"));
                        Thread.sleep(random.nextInt(3000)); // inside the group's 10 s: committed, not yet due
                    }
                    ductus.kill();
                    assertThat(hook.notices()).as("killed before the notice was sent").isEmpty();
                    System.out.printf("AlertCrashIT %s round %d: killed %s%n", database, round,
                            sending ? "while the webhook held the send" : "while the notice waited in its group");
                }
                hook.answer();
                try (DuctusProcess ductus = project.start(url)) {
                    Eventually.within(Duration.ofSeconds(90), () -> assertThat(hook.count("fired", TARGET)).as("the notice, sent after the restart")
                            .isGreaterThanOrEqualTo(1));
                    Eventually.within(Duration.ofSeconds(10), () -> assertThat(sentNotices(ductus)).isGreaterThanOrEqualTo(1));
                    assertThat(firedEvents(ductus)).as("the change is recorded once").isEqualTo(1);
                    System.out.printf("AlertCrashIT %s round %d: %d fired notice(s) arrived, 1 change recorded%n", database, round,
                            hook.count("fired", TARGET));
                    assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
                }
            }
        }
    }

    private static String status(DuctusProcess ductus) throws Exception {
        for (JsonNode a : JSON.readTree(ductus.get("/api/v1/alerts").body()).path("alerts")) {
            if (a.path("target").asText().equals(TARGET)) return a.path("status").asText();
        }
        return "none";
    }

    private static long firedEvents(DuctusProcess ductus) throws Exception {
        long n = 0;
        for (JsonNode e : JSON.readTree(ductus.get("/api/v1/alert-history?limit=1000").body()).path("events")) {
            if (e.path("target").asText().equals(TARGET) && e.path("what").asText().equals("fired")) n++;
        }
        return n;
    }

    private static long sentNotices(DuctusProcess ductus) throws Exception {
        long n = 0;
        for (JsonNode x : JSON.readTree(ductus.get("/api/v1/notifications?status=sent").body()).path("notifications")) {
            if (TARGET.equals(x.path("target").asText(null))) n++;
        }
        return n;
    }
}
