package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.sdk.hl7.AckCode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Drain start, status and stop over real HTTP against the real runtime, and readiness with it. */
class DrainRoutesTest {

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
    void a_drain_closes_the_sources_finishes_what_is_pending_and_ends_on_request() throws Exception {
        fixture.runtime().interfaces().pause("adt", "lab");
        assertThat(fixture.sendHl7("D1", "P1")).isEqualTo(AckCode.AA);

        JsonNode started = call("POST");
        assertThat(started.get("draining").asBoolean()).isTrue();
        assertThat(started.get("since").asText()).isNotEmpty();
        assertThat(fixture.sendHl7("D2", "P2")).as("nothing listens while draining").isNull();

        JsonNode drained = awaitDrain(d -> d.get("drained").asBoolean());
        assertThat(drained.get("pending").asLong()).isZero();
        assertThat(drained.get("pendingPaused").asLong()).as("the paused lab's message waits for a resume").isEqualTo(1);

        JsonNode ended = call("DELETE");
        assertThat(ended.get("draining").asBoolean()).isFalse();
        assertThat(ended.get("since").isNull()).isTrue();
        assertThat(fixture.sendHl7("D3", "P3")).isEqualTo(AckCode.AA);
    }

    @Test
    void starting_and_ending_a_drain_write_audit_rows_and_doing_it_twice_does_not() throws Exception {
        call("POST");
        call("POST");
        call("DELETE");
        call("DELETE");

        assertThat(fixture.auditOf("engine")).extracting(r -> r.entry().action()).containsExactly("drain.stop", "drain.start");
    }

    @Test
    void the_engine_is_ready_once_running_and_not_while_it_drains() throws Exception {
        HttpResponse<String> ready = fixture.send("GET", "/api/v1/ready", Map.of(), null);
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ApiFixture.read(ready).get("status").asText()).isEqualTo("ready");

        call("POST");
        HttpResponse<String> draining = fixture.send("GET", "/api/v1/ready", Map.of(), null);
        assertThat(draining.statusCode()).isEqualTo(503);
        assertThat(ApiFixture.read(draining).get("reasons").get(0).asText()).contains("draining");
    }

    @Test
    void the_engine_is_not_ready_while_it_starts_or_when_its_database_does_not_answer() throws Exception {
        try (ApiFixture starting = new ApiFixture()) {
            HttpResponse<String> r = starting.send("GET", "/api/v1/ready", Map.of(), null);
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(ApiFixture.read(r).get("reasons").get(0).asText()).isEqualTo("the engine is starting");

            starting.status.running();
            starting.store.close();
            HttpResponse<String> closed = starting.send("GET", "/api/v1/ready", Map.of(), null);
            assertThat(closed.statusCode()).isEqualTo(503);
            assertThat(closed.body()).contains("the database does not answer");
        }
    }

    private JsonNode call(String method) throws Exception {
        HttpResponse<String> r = fixture.withToken(method, "/api/v1/drain", operator, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    private JsonNode awaitDrain(java.util.function.Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            JsonNode status = call("GET");
            if (done.test(status)) return status;
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 10 s: " + status);
            Thread.sleep(20);
        }
    }

    @Test
    void the_engine_is_not_ready_while_a_source_cannot_listen_and_says_which_and_why() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"));
             ApiFixture engine = ApiFixture.withInterfacesOn(taken.getLocalPort())) {
            HttpResponse<String> ready = engine.send("GET", "/api/v1/ready", Map.of(), null);
            assertThat(ready.statusCode()).isEqualTo(503);
            assertThat(ApiFixture.read(ready).get("reasons").toString()).contains(
                    "interface adt is not listening: address in use: cannot listen on 127.0.0.1:" + taken.getLocalPort());
            var adt = ApiFixture.read(engine.withToken("GET", "/api/v1/interfaces/adt", engine.token("viewer"), null));
            assertThat(adt.get("state").asText()).isEqualTo("not listening");
            assertThat(adt.get("health").get("state").asText()).isNotEqualTo("ok");
        }
    }
}
