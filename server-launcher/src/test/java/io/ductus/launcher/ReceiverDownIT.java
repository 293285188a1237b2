package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A receiver that is down blocks only its own destination's lanes (ARCHITECTURE.md §2.3): the other
 * destinations of the same messages keep delivering; when it comes back, everything it missed drains, in
 * each key's order.
 */
@ExtendWith(EngineLogOnFailure.class)
class ReceiverDownIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MESSAGES = 300;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Database.class)
    void a_receiver_that_is_down_holds_only_its_own_lanes_and_gets_everything_in_order_when_back(Database database) throws Exception {
        long seed = System.nanoTime();
        System.out.println("ReceiverDownIT " + database + " seed " + seed);
        try (TestReceiver down = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed);
             TestReceiver up = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed)) {
            down.down();
            TestProject project = new TestProject(tmp).ordering("PID-3.1", 16)
                    .mllpDestination("lab", down.port())
                    .mllpDestination("registry", up.port())
                    .fileDestination("archive", "out/{id}.hl7")
                    .write();
            try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "down"))) {
                long downSince = System.nanoTime();
                LoadSenders load = new LoadSenders(4, 12, MESSAGES, seed, project::port);
                load.awaitDone();
                List<LoadSenders.Sent> sent = load.sent();
                assertThat(sent).allSatisfy(s -> assertThat(s.answer()).isEqualTo("AA"));

                Eventually.within(Duration.ofSeconds(60), () -> {
                    assertThat(OrderCheck.missing(sent, up.accepted())).as("the registry, whose receiver is up").isEmpty();
                    assertThat(archived(project)).as("files written by the archive").isEqualTo(MESSAGES);
                });
                assertThat(OrderCheck.violations(sent, up.accepted())).isEmpty();
                assertThat(down.arrivals()).as("nothing reached the receiver that is down").isEmpty();
                Eventually.within(Duration.ofSeconds(10), () -> assertThat(destinationStatus(ductus, "lab")).isEqualTo("degraded"));

                long downFor = Duration.ofNanos(System.nanoTime() - downSince).toMillis();
                if (downFor < 3000) Thread.sleep(3000 - downFor);
                down.up();
                Eventually.within(Duration.ofSeconds(90), () ->
                        assertThat(OrderCheck.missing(sent, down.accepted())).as("the lab, back up").isEmpty());
                assertThat(OrderCheck.violations(sent, down.accepted())).as("per-key order at the lab").isEmpty();
                Eventually.within(Duration.ofSeconds(10), () -> assertThat(destinationStatus(ductus, "lab")).isEqualTo("ok"));
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
        }
    }

    private static long archived(TestProject project) throws Exception {
        Path out = project.data().resolve("out");
        if (!Files.isDirectory(out)) return 0;
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(f -> !f.getFileName().toString().startsWith(".")).count();
        }
    }

    /** What the destination's connector last reported, as GET /api/v1/interfaces shows it. */
    private static String destinationStatus(DuctusProcess ductus, String destination) throws Exception {
        JsonNode list = JSON.readTree(ductus.get("/api/v1/interfaces").body());
        for (JsonNode iface : list.path("interfaces")) {
            for (JsonNode d : iface.path("destinations")) {
                if (d.path("name").asText().equals(destination)) return d.path("connector").path("status").asText();
            }
        }
        return "(no destination " + destination + ")";
    }
}
