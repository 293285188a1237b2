package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.store.account.AuditRecord;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The interfaces over real HTTP against the real runtime: states, counts, health, pause and resume. */
class InterfaceRoutesTest {

    private ApiFixture fixture;
    private String operator;

    @BeforeEach
    void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        operator = fixture.token("operator");
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void lists_each_interface_with_its_source_destinations_counts_and_health() throws Exception {
        JsonNode list = get("/api/v1/interfaces");

        assertThat(list.get("draining").asBoolean()).isFalse();
        JsonNode adt = list.get("interfaces").get(0);
        assertThat(adt.get("name").asText()).isEqualTo("adt");
        assertThat(adt.get("state").asText()).isEqualTo("running");
        assertThat(adt.get("source").get("type").asText()).isEqualTo("mllp");
        assertThat(adt.get("source").get("status").asText()).isEqualTo("ok");
        assertThat(adt.get("health").get("state").asText()).isEqualTo("ok");
        assertThat(adt.get("destinations").findValuesAsText("name")).containsExactly("archive", "lab");
        JsonNode lab = adt.get("destinations").get(1);
        assertThat(lab.get("paused").asBoolean()).isFalse();
        assertThat(lab.get("pending").asLong()).isZero();
        assertThat(lab.get("quarantined").asLong()).isZero();
        assertThat(lab.get("connector").get("type").asText()).isEqualTo("file");
    }

    @Test
    void each_interface_and_destination_says_when_it_was_last_active() throws Exception {
        assertThat(fixture.sendHl7("ACT1", "X1")).isEqualTo(AckCode.AA);
        JsonNode adt = awaitInterface(a -> !a.get("lastReceivedAt").isNull() && !a.get("destinations").get(0).get("lastFinishedAt").isNull());
        java.time.Instant received = java.time.Instant.parse(adt.get("lastReceivedAt").asText());
        java.time.Instant delivered = java.time.Instant.parse(adt.get("destinations").get(0).get("lastFinishedAt").asText());
        assertThat(delivered).isAfterOrEqualTo(received);
        JsonNode one = get("/api/v1/interfaces/adt");
        assertThat(one.get("lastReceivedAt").asText()).isEqualTo(adt.get("lastReceivedAt").asText());
    }

    @Test
    void a_paused_destination_counts_its_waiting_messages_and_says_so_in_its_health() throws Exception {
        HttpResponse<String> paused = fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/lab/pause", operator, null);
        assertThat(paused.statusCode()).as(paused.body()).isEqualTo(200);
        assertThat(ApiFixture.read(paused).get("paused").asBoolean()).isTrue();

        for (int i = 1; i <= 3; i++) assertThat(fixture.sendHl7("P" + i, "X" + i)).isEqualTo(AckCode.AA);
        JsonNode adt = awaitInterface(a -> a.get("destinations").get(0).get("pending").asLong() == 0);

        JsonNode lab = adt.get("destinations").get(1);
        assertThat(lab.get("pending").asLong()).isEqualTo(3);
        assertThat(lab.get("health").get("state").asText()).isEqualTo("paused");
        assertThat(adt.get("health").get("state").asText()).isEqualTo("paused");
        assertThat(adt.get("health").get("reason").asText()).startsWith("destination lab: ");

        assertThat(fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/lab/resume", operator, null).statusCode()).isEqualTo(200);
        JsonNode resumed = awaitInterface(a -> a.get("destinations").get(1).get("pending").asLong() == 0);
        assertThat(resumed.get("health").get("state").asText()).isEqualTo("ok");
    }

    @Test
    void pause_and_resume_write_their_audit_rows_once_per_change() throws Exception {
        String path = "/api/v1/interfaces/adt/destinations/lab/";
        fixture.withToken("POST", path + "pause", operator, null);
        fixture.withToken("POST", path + "pause", operator, null);
        fixture.withToken("POST", path + "resume", operator, null);

        List<AuditRecord> rows = fixture.auditOf("destination:adt/lab");
        assertThat(rows).extracting(r -> r.entry().action()).containsExactly("destination.resume", "destination.pause");
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.entry().actor()).startsWith("token:");
            assertThat(r.entry().via()).isEqualTo("token");
            assertThat(r.entry().outcome()).isEqualTo("ok");
        });
    }

    @Test
    void answers_404_for_an_interface_or_destination_the_project_does_not_have() throws Exception {
        HttpResponse<String> noInterface = fixture.withToken("POST", "/api/v1/interfaces/nope/destinations/lab/pause", operator, null);
        HttpResponse<String> noDestination = fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/nope/pause", operator, null);
        HttpResponse<String> noOne = fixture.withToken("GET", "/api/v1/interfaces/nope", operator, null);

        assertThat(noInterface.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(noInterface).get("detail").asText()).contains("no interface 'nope'");
        assertThat(noDestination.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(noDestination).get("detail").asText()).contains("no destination 'nope'");
        assertThat(noOne.statusCode()).isEqualTo(404);
        assertThat(fixture.auditOf("destination:nope/lab")).isEmpty();
    }

    @Test
    void answers_503_while_the_engine_starts_its_interfaces() throws Exception {
        try (ApiFixture starting = new ApiFixture()) {
            HttpResponse<String> r = starting.withToken("GET", "/api/v1/interfaces", starting.token("viewer"), null);
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(ApiFixture.read(r).get("title").asText()).isEqualTo("Engine starting");
        }
    }

    @Test
    void retry_now_makes_the_deliveries_waiting_for_their_back_off_due_and_a_missing_destination_is_404() throws Exception {
        fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/lab/pause", operator, null);
        io.ductus.store.DestinationRef lab = new io.ductus.store.DestinationRef("adt", "lab");
        long id = fixture.store.store(io.ductus.store.IntakeBatch.of("adt", io.ductus.store.Durability.RELAXED, List.of(
                new io.ductus.store.NewMessage(ApiFixture.T0.toEpochMilli(), "MSH|^~\\&|x\r".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        "UTF-8", "K", 0, null, List.of("lab"), null))), ApiFixture.T0.toEpochMilli()).get(0).id();
        fixture.store.record(List.of(io.ductus.store.DeliveryOutcome.retry(id, lab, 4, Long.MAX_VALUE / 2, "connection refused")),
                ApiFixture.T0.toEpochMilli());

        HttpResponse<String> retried = fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/lab/retry", operator, null);
        assertThat(retried.statusCode()).as(retried.body()).isEqualTo(200);
        assertThat(ApiFixture.read(retried).get("waiting").asInt()).isEqualTo(1);
        assertThat(fixture.store.pending(lab, java.util.Set.of(0), 10)).singleElement()
                .satisfies(d -> assertThat(d.nextAttemptAt()).isNull());
        assertThat(fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/nope/retry", operator, null).statusCode()).isEqualTo(404);
        assertThat(fixture.withToken("POST", "/api/v1/interfaces/adt/destinations/lab/retry", fixture.token("viewer"), null).statusCode())
                .isEqualTo(403);
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = fixture.withToken("GET", path, operator, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    private JsonNode awaitInterface(java.util.function.Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            JsonNode adt = get("/api/v1/interfaces/adt");
            if (done.test(adt)) return adt;
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 10 s: " + adt);
            Thread.sleep(20);
        }
    }
}
