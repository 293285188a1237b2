package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deploys on several engines (docs/engines.md): two engines on one embedded PostgreSQL, each with its own copy of
 * the project folder. A deploy through one engine's API runs on the other within seconds (its folder holds the new
 * files, it runs the new revision, its input is handled by the new code); a third engine whose project differs (its
 * ordering partitions) refuses to start and names the interface and the difference.
 */
@ExtendWith(EngineLogOnFailure.class)
class EnginesDeployIT {

    @TempDir
    Path tmp;

    private TestProject project(String name, TestReceiver receiver, int partitions) throws Exception {
        return new TestProject(tmp.resolve(name)).ordering("PID-3.1", partitions).mllpDestination("lab", receiver.port())
                .e2eFile("transform.js", DeployProject.transform()).e2eFile("version.js", DeployProject.version("A")).write();
    }

    @Test
    void a_deploy_through_one_engine_runs_on_the_other_and_a_differing_project_is_refused() throws Exception {
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, 3)) {
            TestProject a = project("a", receiver, 16);
            TestProject b = project("b", receiver, 16);
            String url = Database.POSTGRES.newUrl(a.data(), "engines_deploy");
            try (DuctusProcess engineA = a.start(url); DuctusProcess engineB = b.start(url)) {
                int base = DeployProject.revision(engineA);
                assertThat(DeployProject.revision(engineB)).isEqualTo(base);
                HttpResponse<String> deployed = DeployProject.deploy(engineA, a, "B", base);
                assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
                long t0 = System.nanoTime();
                Eventually.within(Duration.ofSeconds(10), () -> {
                    assertThat(DeployProject.revision(engineB)).as("the revision engine b runs").isEqualTo(base + 1);
                    assertThat(DeployProject.versionOnDisk(b)).as("engine b's project folder").isEqualTo("B");
                });
                System.out.printf("EnginesDeployIT: revision %d deployed through engine a runs on engine b after %d ms%n", base + 1,
                        (System.nanoTime() - t0) / 1_000_000);
                assertThat(DeployProject.sendOne(b, receiver, "VIA-B")).as("a message sent to engine b is handled by the new code")
                        .isEqualTo("B");

                // A third engine with a project that differs: refused, saying which interface and how.
                TestProject c = project("c", receiver, 8);
                DuctusProcess engineC = DuctusProcess.start(c.folder().getParent(),
                        Database.serveArgs(c.folder(), c.data(), url).toArray(String[]::new));
                try (engineC) {
                    assertThat(engineC.awaitExit(Duration.ofSeconds(60))).as("the differing engine does not start").isNotZero();
                    assertThat(engineC.stderr()).contains("interface e2e: differs from revision " + (base + 1))
                            .contains("ordering partitions 8 here, 16 there").contains("version.js");
                }
                assertThat(DeployProject.revision(engineA)).as("nothing changed for the engines running").isEqualTo(base + 1);
            }
        }
    }
}
