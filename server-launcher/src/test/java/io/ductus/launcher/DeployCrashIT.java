package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * kill -9 in the middle of a deploy, round after round, at a random moment of its flight (its checks,
 * its tests, the record, the files, the swap; every other round just after its new files began to be
 * written, the narrowest moment): after the restart the engine runs either the revision
 * before or the new one, entirely (every file of that version on disk, and its code in the output), and
 * the record says which (the running revision's files are those on disk; no deploy is left under way).
 */
@ExtendWith(EngineLogOnFailure.class)
class DeployCrashIT {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}, {1} rounds")
    @CsvSource({"SQLITE, 6", "POSTGRES, 3"})
    void after_kill_9_during_a_deploy_the_engine_runs_the_old_or_the_new_revision_entirely_and_the_record_says_which(
            Database database, int rounds) throws Exception {
        long seed = System.nanoTime();
        System.out.println("DeployCrashIT " + database + " seed " + seed);
        Random random = new Random(seed);
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed)) {
            TestProject project = new TestProject(tmp).ordering("PID-3.1", 4).mllpDestination("lab", receiver.port())
                    .e2eFile("transform.js", DeployProject.transform()).e2eFile("version.js", DeployProject.version("A"))
                    .e2eFile("tests/version.test.js", "import { VERSION } from '../version.js';\n"
                            + "test('is one letter', () => expect(VERSION.length).toBe(1));\n")
                    .write();
            String url = database.newUrl(project.data(), "deploy_crash");
            long deployMillis;
            String token;
            try (DuctusProcess ductus = project.start(url)) {
                int first = DeployProject.revision(ductus); // makes the token first: only the deploy is timed
                token = ductus.token();
                long started = System.nanoTime();
                // A fresh engine's first deploy, as each round's is: the span the kills are spread over.
                var r = DeployProject.deploy(ductus, project, "B", first);
                deployMillis = (System.nanoTime() - started) / 1_000_000;
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                ductus.kill();
            }
            int kept = 0;
            int deployed = 0;
            String before = "B";
            String target = null;
            // Each round's engine first checks what the kill before it left, then is killed during a deploy of its own.
            for (int round = 0; round <= rounds; round++) {
                try (DuctusProcess ductus = project.start(url).reusing("admin", token)) {
                    String onDisk = DeployProject.versionOnDisk(project); // throws when transform.js is not whole
                    int running = DeployProject.revision(ductus);
                    if (target != null) {
                        assertThat(onDisk).as("round %d: the files are the old set or the new one", round).isIn(before, target);
                        JsonNode revision = DeployProject.read(ductus.get("/api/v1/interfaces/e2e/revisions/" + running));
                        String recorded = revision.at("/files/interfaces~1e2e~1version.js").asText();
                        assertThat(recorded).as("round %d: the record's files are those on disk", round)
                                .isEqualTo(DeployProject.version(onDisk));
                        assertThat(revision.get("status").asText()).isEqualTo("deployed");
                        JsonNode all = DeployProject.read(ductus.get("/api/v1/interfaces/e2e/revisions"));
                        for (JsonNode r : all.get("revisions")) {
                            assertThat(r.get("status").asText()).as("no deploy is left under way").isNotEqualTo("deploying");
                        }
                        assertThat(DeployProject.sendOne(project, receiver, "X" + round)).as("round %d: the code that runs", round)
                                .isEqualTo(onDisk);
                        if (onDisk.equals(target)) deployed++;
                        else kept++;
                        String settled = ductus.stderr().lines().filter(l -> l.contains("interrupted") || l.contains("stopped during"))
                                .map(l -> l.substring(Math.max(0, l.indexOf("interface e2e"))))
                                .reduce((a, b) -> a + "; " + b).orElse("nothing was under way");
                        System.out.printf("DeployCrashIT %s round %d: killed during the deploy of %s; runs revision %d (%s); at start: %s%n",
                                database, round, target, running, onDisk.equals(target) ? "the new one" : "the one before", settled);
                    }
                    if (round == rounds) break;
                    before = onDisk;
                    target = String.valueOf((char) ('C' + round));
                    String deploying = target;
                    CompletableFuture.runAsync(() -> {
                        try {
                            DeployProject.deploy(ductus, project, deploying, running);
                        } catch (Exception e) {
                            // the engine is killed under it
                        }
                    });
                    if (round % 2 == 0) {
                        Thread.sleep(random.nextLong(deployMillis * 3 / 2 + 1)); // anywhere in the deploy's flight
                    } else {
                        // once its new files are being written (their hidden folder appears): during the write, the
                        // renames, the swap or the record's last step
                        Path staging = project.folder().resolve("interfaces/.e2e.deploy");
                        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                        while (!java.nio.file.Files.exists(staging) && System.nanoTime() < deadline) Thread.sleep(1);
                        Thread.sleep(random.nextLong(150));
                    }
                    ductus.kill();
                }
            }
            System.out.printf("DeployCrashIT %s: %d rounds (a deploy took %d ms unkilled): %d ran the revision before, %d the new one;"
                    + " never a mix, the record right each time%n", database, rounds, deployMillis, kept, deployed);
        }
    }
}
