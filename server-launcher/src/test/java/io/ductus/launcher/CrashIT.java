package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Crash safety of the whole path (ARCHITECTURE.md §2.1, 2.2, 2.4): {@code ductus serve} under load from 16
 * sender connections is killed with SIGKILL at a random moment and started again on the same database,
 * round after round. Every message that was answered AA must reach the receiver at least once, and no
 * key's messages may arrive out of acknowledged order. Fewer rounds on PostgreSQL keep the run short.
 */
@ExtendWith(EngineLogOnFailure.class)
class CrashIT {

    private static final int CONNECTIONS = 16;
    private static final int KEYS = 24;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}, {1} rounds")
    @CsvSource({"SQLITE, 10", "POSTGRES, 4"})
    void delivers_every_acknowledged_message_in_key_order_across_kill_9(Database database, int rounds) throws Exception {
        long seed = System.nanoTime();
        System.out.println("CrashIT " + database + " seed " + seed);
        Random random = new Random(seed);
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed)) {
            TestProject project = new TestProject(tmp).ordering("PID-3.1", 16).mllpDestination("lab", receiver.port()).write();
            String url = database.newUrl(project.data(), "crash");
            LoadSenders load = new LoadSenders(CONNECTIONS, KEYS, 0, seed, project::port);
            try {
                for (int round = 1; round <= rounds; round++) {
                    try (DuctusProcess ductus = project.start(url)) {
                        long before = load.ackedCount();
                        // Under load: wait for this process to acknowledge some messages, then kill it at a random moment.
                        Eventually.within(Duration.ofSeconds(30), () -> assertThat(load.ackedCount()).isGreaterThan(before + 20));
                        Thread.sleep(random.nextInt(1500));
                        ductus.kill();
                        System.out.printf("CrashIT %s round %d: killed after %d more AA; %d AA in all, %d arrivals so far%n",
                                database, round, load.ackedCount() - before, load.ackedCount(), receiver.accepted().size());
                    }
                }
                try (DuctusProcess ductus = project.start(url)) {
                    Thread.sleep(500);
                    load.stop();
                    List<LoadSenders.Sent> sent = load.sent();
                    Eventually.within(Duration.ofSeconds(90), () ->
                            assertThat(OrderCheck.missing(sent, receiver.accepted())).as("acknowledged but never delivered").isEmpty());
                    assertThat(OrderCheck.violations(sent, receiver.accepted())).as("per-key order violations").isEmpty();
                    long acked = sent.stream().filter(LoadSenders.Sent::acked).count();
                    long arrivals = receiver.accepted().size();
                    System.out.printf("CrashIT %s: %d rounds, %d sent, %d AA, %d arrivals (%d repeats or unacknowledged), 0 missing, 0 order violations%n",
                            database, rounds, sent.size(), acked, arrivals, arrivals - acked);
                    assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
                }
            } finally {
                load.stop();
            }
        }
    }
}
