package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.project.ProjectLoader;
import io.ductus.sdk.hl7.AckCode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** GET /retention, the confirmation of a shorter window and retention's gauges, over real HTTP against the real runtime. */
class RetentionRoutesTest {

    private ApiFixture fixture;
    private String viewer;

    @BeforeEach
    void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        viewer = fixture.token("viewer");
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void shows_each_interfaces_window_and_what_it_keeps() throws Exception {
        assertThat(fixture.sendHl7("R1", "P1")).isEqualTo(AckCode.AA);
        fixture.runtime().retention().run();

        JsonNode retention = get();
        assertThat(retention.get("default").asText()).isEqualTo("7w");
        assertThat(retention.get("auditKeep").asText()).isEqualTo("6y");
        JsonNode adt = adt(retention);
        assertThat(adt.get("retention").asText()).isEqualTo("7w");
        assertThat(adt.get("applied").asText()).isEqualTo("7w");
        assertThat(adt.get("waitingForConfirmation").asBoolean()).isFalse();
        assertThat(adt.get("quarantined").asText()).isEqualTo("keep");
        assertThat(adt.get("messages").asLong()).isEqualTo(1);
        assertThat(adt.get("bytes").asLong()).isPositive();
        assertThat(adt.get("oldestReceivedAt").asText()).isNotEmpty();
        assertThat(retention.get("databaseBytes").asLong()).isPositive();
        assertThat(retention.get("lastRun").get("startedAt").asText()).isNotEmpty();

        String metrics = fixture.withToken("GET", "/metrics", viewer, null).body();
        assertThat(metrics).contains("ductus_retention_window_days{interface=\"adt\"} 49.0")
                .contains("ductus_retention_messages{interface=\"adt\"} 1.0")
                .contains("ductus_retention_held_messages{interface=\"adt\"} 0.0")
                .contains("ductus_retention_waiting_confirmation{interface=\"adt\"} 0.0")
                .contains("ductus_database_bytes{part=\"all\"}");
    }

    @Test
    void a_shorter_window_waits_until_an_administrator_confirms_it_and_the_confirmation_is_audited() throws Exception {
        fixture.runtime().retention().run();
        Path file = fixture.project().resolve("interfaces/adt/interface.yaml");
        Files.writeString(file, Files.readString(file) + "retention: 1w\n");
        fixture.runtime().sources(ProjectLoader.read(fixture.project())); // as a deploy would
        fixture.runtime().retention().run();

        JsonNode waiting = adt(get());
        assertThat(waiting.get("retention").asText()).isEqualTo("1w");
        assertThat(waiting.get("applied").asText()).isEqualTo("7w");
        assertThat(waiting.get("waitingForConfirmation").asBoolean()).isTrue();

        String operator = fixture.token("operator");
        assertThat(fixture.withToken("POST", "/api/v1/retention/adt/confirm", operator, null).statusCode()).isEqualTo(403);
        String admin = fixture.token("admin");
        HttpResponse<String> confirmed = fixture.withToken("POST", "/api/v1/retention/adt/confirm", admin, null);
        assertThat(confirmed.statusCode()).isEqualTo(200);
        assertThat(ApiFixture.read(confirmed).get("applied").asText()).isEqualTo("1w");
        assertThat(ApiFixture.read(confirmed).get("waitingForConfirmation").asBoolean()).isFalse();
        assertThat(fixture.auditOf("interface:adt")).extracting(r -> r.entry().action() + " " + r.entry().detail())
                .containsExactly("retention.confirm {\"from\":\"7w\",\"to\":\"1w\"}");

        HttpResponse<String> again = fixture.withToken("POST", "/api/v1/retention/adt/confirm", admin, null);
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(ApiFixture.read(again).get("detail").asText()).contains("only a shorter window waits");
        assertThat(fixture.withToken("POST", "/api/v1/retention/nope/confirm", admin, null).statusCode()).isEqualTo(404);
    }

    private JsonNode get() throws Exception {
        HttpResponse<String> r = fixture.withToken("GET", "/api/v1/retention", viewer, null);
        assertThat(r.statusCode()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    private static JsonNode adt(JsonNode retention) {
        for (JsonNode i : retention.get("interfaces")) if (i.get("name").asText().equals("adt")) return i;
        throw new AssertionError("no adt in " + retention);
    }
}
