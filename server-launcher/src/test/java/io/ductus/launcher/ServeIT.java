package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built distribution, run as an operator runs it: {@code bin/ductus serve --example} as a child process
 * with a real Felix framework, real bundles, a watched plugins folder and the REST API on a real socket.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServeIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration HOT_LOAD_LIMIT = Duration.ofSeconds(5);

    @TempDir
    static Path tmp;

    private Path plugins;
    private DuctusProcess ductus;
    private Matcher started;

    @BeforeAll
    void startEngine() throws Exception {
        plugins = tmp.resolve("plugins");
        ductus = DuctusProcess.start(tmp, "serve", "--example", "--mllp-port", "0", "--data", tmp.resolve("data").toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", plugins.toString());
        started = ductus.awaitStarted();
    }

    @AfterAll
    void stopEngine() {
        ductus.close();
    }

    @Test
    void prints_the_started_line_with_api_database_and_interfaces() {
        assertThat(started.group(2)).startsWith("http://127.0.0.1:");
        assertThat(started.group(3)).isEqualTo("sqlite:" + tmp.resolve("data/ductus.db"));
        assertThat(Integer.parseInt(started.group(1))).isPositive();
    }

    @Test
    void start_up_logs_a_short_summary_and_no_library_narration() {
        List<String> lines = ductus.stderr().lines().toList();
        assertThat(lines).as("the start's log").hasSizeLessThanOrEqualTo(6)
                .noneMatch(l -> l.contains("Flyway") || l.contains("DbMigrate") || l.contains("Hikari") || l.contains("connector type"))
                .anyMatch(l -> l.contains("store open")).anyMatch(l -> l.contains("interface adt-in running"))
                .anyMatch(l -> l.contains("engine " + Distribution.version() + " running"));
    }

    @Test
    void health_answers_ok_once_started() throws Exception {
        HttpResponse<String> health = ductus.get("/api/v1/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(health.body())).isEqualTo(JSON.readTree("{\"status\":\"ok\"}"));
    }

    @Test
    void engine_lists_version_database_and_every_bundle_active() throws Exception {
        JsonNode engine = engine();
        assertThat(engine.path("version").asText()).isEqualTo(Distribution.version());
        assertThat(engine.path("database").path("kind").asText()).isEqualTo("sqlite");
        assertThat(engine.path("uptimeSeconds").isNumber()).isTrue();
        List<String> names = StreamSupport.stream(engine.path("bundles").spliterator(), false)
                .map(b -> b.path("symbolicName").asText()).toList();
        assertThat(names).contains("org.apache.felix.framework", "org.apache.felix.scr", "org.apache.felix.fileinstall",
                "io.ductus.sdk", "io.ductus.core", "io.ductus.engine", "io.ductus.connector.mllp", "io.ductus.connector.file",
                "io.ductus.connector.http",
                "io.ductus.connector.schedule", "io.ductus.connector.sftp", "org.apache.sshd.osgi", "org.apache.sshd.sftp");
        assertThat(engine.path("bundles")).allSatisfy(b ->
                assertThat(b.path("state").asText()).as(b.path("symbolicName").asText()).isEqualTo("active"));
    }

    @Test
    void registers_the_built_in_connector_types() throws Exception {
        Eventually.within(HOT_LOAD_LIMIT, () -> {
            JsonNode mllp = connectorType("mllp");
            assertThat(mllp).as("mllp connector type").isNotNull();
            assertThat(mllp.path("roles").toString()).isEqualTo("[\"source\",\"destination\"]");
            assertThat(mllp.path("bundle").asText()).isEqualTo("io.ductus.connector.mllp");
            assertThat(connectorType("file").path("roles").toString()).isEqualTo("[\"source\",\"destination\"]");
            assertThat(connectorType("http").path("roles").toString()).isEqualTo("[\"source\",\"destination\"]");
            assertThat(connectorType("schedule").path("roles").toString()).isEqualTo("[\"source\"]");
            assertThat(connectorType("sftp").path("roles").toString()).isEqualTo("[\"source\",\"destination\"]");
        });
    }

    @Test
    void registers_a_dropped_plugin_within_5_seconds_and_forgets_it_when_removed() throws Exception {
        Path jar = plugins.resolve("console-connector.jar");
        Path staged = Files.copy(Path.of(System.getProperty("ductus.example.plugin")), plugins.resolve(".console.tmp"));
        Files.move(staged, jar, StandardCopyOption.ATOMIC_MOVE);

        Eventually.within(HOT_LOAD_LIMIT, () -> {
            JsonNode type = connectorType("console");
            assertThat(type).as("console connector type").isNotNull();
            assertThat(type.path("bundle").asText()).isEqualTo("com.example.ductus.console");
            assertThat(type.path("roles").toString()).isEqualTo("[\"destination\"]");
        });
        assertThat(plugin("console-connector.jar").path("state").asText()).isEqualTo("active");

        Files.delete(jar);
        Eventually.within(HOT_LOAD_LIMIT, () -> assertThat(connectorType("console")).isNull());
        Eventually.within(HOT_LOAD_LIMIT, () -> assertThat(plugin("console-connector.jar")).isNull());
    }

    @Test
    void lists_a_garbage_jar_as_failed_with_a_reason_and_stays_healthy() throws Exception {
        Path staged = plugins.resolve(".garbage.tmp");
        Files.write(staged, "this is not a zip file".getBytes());
        Files.move(staged, plugins.resolve("garbage.jar"));

        Eventually.within(HOT_LOAD_LIMIT, () -> {
            JsonNode garbage = plugin("garbage.jar");
            assertThat(garbage).isNotNull();
            assertThat(garbage.path("state").asText()).isEqualTo("failed");
            assertThat(garbage.path("reason").asText()).startsWith("not a valid jar");
        });
        assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);
        Eventually.within(HOT_LOAD_LIMIT, () -> assertThat(ductus.stderr()).contains("plugin garbage.jar cannot be used: not a valid jar"));
    }

    @Test
    void lists_a_jar_without_osgi_headers_as_not_a_bundle() throws Exception {
        Jars.withManifest(plugins.resolve("plain-library.jar"), Map.of("Implementation-Title", "plain"));

        Eventually.within(HOT_LOAD_LIMIT, () -> {
            JsonNode plain = plugin("plain-library.jar");
            assertThat(plain.path("state").asText()).isEqualTo("failed");
            assertThat(plain.path("reason").asText()).contains("not an OSGi bundle");
        });
        assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);
    }

    @Test
    void explains_a_plugin_that_imports_a_package_nobody_exports() throws Exception {
        Jars.withManifest(plugins.resolve("needs-missing.jar"), Map.of(
                "Bundle-ManifestVersion", "2",
                "Bundle-SymbolicName", "com.example.needs.missing",
                "Bundle-Version", "1.0.0",
                "Import-Package", "org.example.nowhere;version=\"[1.2,2)\""));

        Eventually.within(HOT_LOAD_LIMIT, () -> {
            JsonNode broken = plugin("needs-missing.jar");
            assertThat(broken.path("state").asText()).isEqualTo("failed");
            assertThat(broken.path("bundle").asText()).isEqualTo("com.example.needs.missing");
            assertThat(broken.path("reason").asText()).contains("missing package org.example.nowhere [1.2.0,2.0.0)");
        });
        assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);
    }

    @Test
    void answers_an_unknown_route_with_a_problem_document() throws Exception {
        HttpResponse<String> response = ductus.get("/api/v1/nothing-here");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(JSON.readTree(response.body()).path("title").asText()).isEqualTo("No such operation");
    }

    @Test
    void the_engine_report_needs_a_token_and_health_does_not() throws Exception {
        HttpResponse<String> anonymous = ductus.getAnonymously("/api/v1/engine");
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(ductus.getAnonymously("/api/v1/health").statusCode()).isEqualTo(200);
        assertThat(ductus.getAnonymously("/api/v1/openapi.json").statusCode()).isEqualTo(200);
        JsonNode me = JSON.readTree(ductus.get("/api/v1/me").body());
        assertThat(me.path("role").asText()).isEqualTo("admin");
        assertThat(me.path("actor").asText()).startsWith("token:it-");
    }

    private JsonNode engine() throws Exception {
        HttpResponse<String> response = ductus.get("/api/v1/engine");
        assertThat(response.statusCode()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private JsonNode connectorType(String name) throws Exception {
        for (JsonNode type : engine().path("connectorTypes")) {
            if (type.path("name").asText().equals(name)) return type;
        }
        return null;
    }

    private JsonNode plugin(String file) throws Exception {
        for (JsonNode plugin : engine().path("plugins")) {
            if (plugin.path("file").asText().equals(file)) return plugin;
        }
        return null;
    }
}
