package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Per-key order through a destination that refuses some sends (ARCHITECTURE.md §2.3): 16 sender
 * connections with their keys interleaved, an MLLP receiver that answers AE to 20% of sends at random
 * (one message at most twice).
 * A refused message blocks its lane until it is taken (back-off 1 s doubling); other lanes go on. Many
 * lanes keep the test short: a lane's refusals add up, one back-off after another.
 */
@ExtendWith(EngineLogOnFailure.class)
class PerKeyOrderIT {

    private static final int CONNECTIONS = 16;
    private static final int KEYS = 64;
    private static final int MESSAGES = 640;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Database.class)
    void delivers_each_key_in_acknowledged_order_despite_refusals(Database database) throws Exception {
        long seed = System.nanoTime();
        System.out.println("PerKeyOrderIT " + database + " seed " + seed);
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0.2, seed)) {
            TestProject project = new TestProject(tmp).ordering("PID-3.1", 128).mllpDestination("lab", receiver.port()).write();
            try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "order"))) {
                long t0 = System.nanoTime();
                LoadSenders load = new LoadSenders(CONNECTIONS, KEYS, MESSAGES, seed, project::port);
                load.awaitDone();
                long sentMs = (System.nanoTime() - t0) / 1_000_000;
                List<LoadSenders.Sent> sent = load.sent();
                assertThat(sent).hasSize(MESSAGES);
                assertThat(sent).as("every message is stored and answered AA").allSatisfy(s -> assertThat(s.answer()).isEqualTo("AA"));

                Eventually.within(Duration.ofSeconds(90), () ->
                        assertThat(OrderCheck.missing(sent, receiver.accepted())).as("acknowledged but not delivered").isEmpty());
                assertThat(OrderCheck.violations(sent, receiver.accepted())).as("per-key order violations").isEmpty();
                assertThat(receiver.refusedCount()).as("the receiver refused about a fifth of the sends").isGreaterThan(MESSAGES / 10);
                System.out.printf("PerKeyOrderIT %s: %d messages sent in %d ms, delivered after %d ms; %d sends refused, %d accepted arrivals%n",
                        database, sent.size(), sentMs, (System.nanoTime() - t0) / 1_000_000, receiver.refusedCount(), receiver.accepted().size());
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
        }
    }
}
