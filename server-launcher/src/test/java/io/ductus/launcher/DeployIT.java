package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Deploying one interface through the API on a real engine ({@code ductus serve}, real sockets), on both
 * databases: a live deploy under load from 16 MLLP connections, two deploys from one base, broken changes,
 * rollback and a restart after a deploy.
 */
@ExtendWith(EngineLogOnFailure.class)
class DeployIT {

    private static final int CONNECTIONS = 16;

    @TempDir
    Path tmp;

    private TestProject project(TestReceiver receiver) throws Exception {
        return new TestProject(tmp).ordering("PID-3.1", 16).mllpDestination("lab", receiver.port())
                .e2eFile("transform.js", DeployProject.transform()).e2eFile("version.js", DeployProject.version("A")).write();
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void a_live_deploy_under_load_loses_nothing_refuses_nothing_and_old_code_handles_what_came_before(Database database) throws Exception {
        long seed = System.nanoTime();
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed)) {
            TestProject project = project(receiver);
            String url = database.newUrl(project.data(), "deploy_load");
            try (DuctusProcess ductus = project.start(url)) {
                int before = DeployProject.revision(ductus);
                LoadSenders load = new LoadSenders(CONNECTIONS, 24, 0, seed, project::port);
                JsonNode deployed;
                try {
                    Eventually.within(Duration.ofSeconds(60), () -> assertThat(load.ackedCount()).isGreaterThan(300));
                    HttpResponse<String> r = DeployProject.deploy(ductus, project, "B", before);
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                    deployed = DeployProject.read(r);
                    long atDeploy = load.ackedCount();
                    Eventually.within(Duration.ofSeconds(60), () -> assertThat(load.ackedCount()).isGreaterThan(atDeploy + 300));
                } finally {
                    load.stop();
                }
                List<LoadSenders.Sent> sent = load.sent();
                assertThat(sent.stream().filter(s -> !s.acked()).map(LoadSenders.Sent::answer).toList())
                        .as("no sender was refused or left without an answer").isEmpty();
                Eventually.within(Duration.ofSeconds(90), () ->
                        assertThat(OrderCheck.missing(sent, receiver.accepted())).as("acknowledged but never delivered").isEmpty());
                assertThat(OrderCheck.violations(sent, receiver.accepted())).as("per-key order").isEmpty();

                long lastOld = -1;
                long firstNew = Long.MAX_VALUE;
                int old = 0;
                int fresh = 0;
                for (TestReceiver.Arrival a : receiver.accepted()) {
                    String[] made = DeployProject.madeBy(a.payload());
                    assertThat(made).as("every output says which code made it").isNotNull();
                    long id = Long.parseLong(made[1]);
                    if (made[0].equals("A")) {
                        old++;
                        lastOld = Math.max(lastOld, id);
                    } else {
                        fresh++;
                        firstNew = Math.min(firstNew, id);
                    }
                }
                assertThat(old).isPositive();
                assertThat(fresh).isPositive();
                assertThat(lastOld).as("every message stored before the swap was handled by the old code, every one after by the new")
                        .isLessThan(firstNew);
                int after = deployed.at("/revision/revision").asInt();
                try (Connection c = database.connect(url)) {
                    assertThat(revisionOf(c, lastOld)).as("the delivery records the revision that decided it").isEqualTo(before);
                    assertThat(revisionOf(c, firstNew)).isEqualTo(after);
                }
                System.out.printf("DeployIT %s: %d sent, all acknowledged, %d handled by revision %d (ids ≤ %d), %d by revision %d (ids ≥ %d);"
                                + " input waited %d ms at the gate, workers handed over in %d ms, source kept: %s%n", database, sent.size(),
                        old, before, lastOld, fresh, after, firstNew, deployed.at("/swap/gateClosedMs").asLong(),
                        deployed.at("/swap/handoverMs").asLong(), deployed.at("/swap/sourceKept").asBoolean());
                assertThat(deployed.at("/swap/live").asBoolean()).isTrue();
                assertThat(deployed.at("/swap/sourceKept").asBoolean()).isTrue();
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
        }
    }

    private static int revisionOf(Connection c, long messageId) throws Exception {
        try (PreparedStatement ps = c.prepareStatement("SELECT revision FROM deliveries WHERE message_id = ?")) {
            ps.setLong(1, messageId);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getInt(1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void of_two_deploys_from_the_same_base_one_wins_and_the_other_gets_409(Database database) throws Exception {
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, 1)) {
            TestProject project = project(receiver);
            try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "deploy_race"))) {
                int base = DeployProject.revision(ductus);
                List<CompletableFuture<HttpResponse<String>>> both = new ArrayList<>();
                for (String v : List.of("B", "C")) {
                    both.add(CompletableFuture.supplyAsync(() -> {
                        try {
                            return DeployProject.deploy(ductus, project, v, base);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }));
                }
                List<Integer> statuses = new ArrayList<>();
                String refusal = null;
                for (var f : both) {
                    HttpResponse<String> r = f.join();
                    statuses.add(r.statusCode());
                    if (r.statusCode() == 409) refusal = DeployProject.read(r).get("detail").asText();
                }
                assertThat(statuses).containsExactlyInAnyOrder(200, 409);
                assertThat(refusal).contains("revision " + base).contains("token:");
                String winner = DeployProject.versionOnDisk(project);
                assertThat(DeployProject.sendOne(project, receiver, "R1")).isEqualTo(winner).isIn("B", "C");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void broken_changes_are_refused_with_file_and_line_and_nothing_changes(Database database) throws Exception {
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, 2)) {
            TestProject project = project(receiver);
            try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "deploy_broken"))) {
                int base = DeployProject.revision(ductus);
                Path dir = project.folder().resolve("interfaces/e2e");
                String yamlBefore = Files.readString(dir.resolve("interface.yaml"));
                String e2e = "interfaces/e2e/";
                Map<String, String[]> cases = new LinkedHashMap<>();
                cases.put("a YAML typo", new String[] {"interface.yaml", yamlBefore.replace("destinations:", "destinations:\n  bad: [unclosed"),
                        e2e + "interface.yaml:"});
                cases.put("a JavaScript syntax error", new String[] {"transform.js", DeployProject.transform().replace("return msg;", "return msg +;"),
                        e2e + "transform.js:4"});
                cases.put("a failing test", new String[] {"tests/version.test.js", "import { VERSION } from '../version.js';\n\n"
                        + "test('is version C', () => {\n  expect(VERSION).toBe('C');\n});\n", e2e + "tests/version.test.js:4"});
                cases.put("a missing exported function", new String[] {"interface.yaml", yamlBefore.replaceFirst("(?m)^    type: mllp$",
                        "    type: mllp\n    transform: toLab"), e2e + "interface.yaml:"});
                for (var c : cases.entrySet()) {
                    Map<String, Object> body = DeployProject.deployBody(project, "B", base);
                    @SuppressWarnings("unchecked")
                    Map<String, String> files = (Map<String, String>) body.get("files");
                    files.put(e2e + c.getValue()[0], c.getValue()[1]);
                    HttpResponse<String> r = ductus.send("POST", "/api/v1/interfaces/e2e/deploy", DeployProject.JSON.writeValueAsString(body));
                    assertThat(r.statusCode()).as("%s: %s", c.getKey(), r.body()).isEqualTo(422);
                    String first = DeployProject.read(r).at("/problems/0/text").asText();
                    assertThat(first).as(c.getKey()).startsWith(c.getValue()[2]);
                    System.out.printf("DeployIT %s: %s refused: %s%n", database, c.getKey(), first);
                }
                assertThat(Files.readString(dir.resolve("interface.yaml"))).isEqualTo(yamlBefore);
                assertThat(DeployProject.versionOnDisk(project)).isEqualTo("A");
                assertThat(Files.exists(dir.resolve("tests"))).isFalse();
                assertThat(DeployProject.revision(ductus)).isEqualTo(base);
                assertThat(DeployProject.read(ductus.get("/api/v1/interfaces/e2e/revisions")).get("revisions")).hasSize(1);
                assertThat(DeployProject.sendOne(project, receiver, "S1")).as("the old code runs on").isEqualTo("A");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void a_rollback_restores_the_old_behaviour_on_the_next_message_and_a_restart_runs_the_deployed_files(Database database)
            throws Exception {
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, 3)) {
            TestProject project = project(receiver);
            String url = database.newUrl(project.data(), "deploy_rollback");
            int first;
            String token;
            try (DuctusProcess ductus = project.start(url)) {
                first = DeployProject.revision(ductus);
                token = ductus.token();
                assertThat(DeployProject.deploy(ductus, project, "B", first).statusCode()).isEqualTo(200);
                assertThat(DeployProject.sendOne(project, receiver, "B1")).isEqualTo("B");
                HttpResponse<String> back = ductus.send("POST", "/api/v1/interfaces/e2e/rollback",
                        DeployProject.JSON.writeValueAsString(Map.of("revision", first, "base", first + 1)));
                assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
                assertThat(DeployProject.read(back).at("/revision/revision").asInt()).isEqualTo(first + 2);
                assertThat(DeployProject.sendOne(project, receiver, "A1")).as("the next message after the rollback").isEqualTo("A");
                assertThat(DeployProject.deploy(ductus, project, "C", first + 2).statusCode()).isEqualTo(200);
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
            try (DuctusProcess ductus = project.start(url).reusing("admin", token)) {
                assertThat(DeployProject.revision(ductus)).as("after a restart: the deployed revision, not a new one").isEqualTo(first + 3);
                assertThat(DeployProject.sendOne(project, receiver, "C1")).isEqualTo("C");
                JsonNode revisions = DeployProject.read(ductus.get("/api/v1/interfaces/e2e/revisions"));
                assertThat(revisions.get("revisions")).extracting(r -> r.get("status").asText()).containsOnly("deployed");
            }
        }
    }
}
