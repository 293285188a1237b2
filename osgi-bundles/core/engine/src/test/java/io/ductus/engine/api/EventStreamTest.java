package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.sdk.hl7.AckCode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GET /api/v1/events with a real client (the JDK's HttpClient reading the stream line by line) against
 * the real runtime: an MLLP source and file destinations on a real SQLite store.
 */
class EventStreamTest {

    private static ApiFixture fixture;
    private static String viewer;

    /** One event as the client read it, with when its last line arrived. */
    private record Received(String id, String type, JsonNode data, long atNanos) {
    }

    @BeforeAll
    static void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        viewer = fixture.token("viewer");
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void an_operators_action_is_announced_with_the_ids_it_changed_and_no_content() throws Exception {
        long id = fixture.quarantinedMessage();
        try (Follower follower = follow(Map.of())) {
            HttpResponse<String> r = fixture.withToken("POST", "/api/v1/messages/dismiss", fixture.token("operator"),
                    ApiFixture.json(Map.of("ids", List.of(id), "reason", "handled by phone")));
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);

            Received event = follower.await(e -> e.type().equals("messages"), Duration.ofSeconds(5));
            assertThat(event.data().get("action").asText()).isEqualTo("dismiss");
            assertThat(event.data().get("messageIds").get(0).asLong()).isEqualTo(id);
            assertThat(event.data().get("count").asInt()).isEqualTo(1);
            assertThat(event.data().toString()).doesNotContain("handled by phone").doesNotContain("MSH");
        }
    }

    @Test
    void a_follower_sees_the_delivery_within_a_second_of_it() throws Exception {
        try (Follower follower = follow(Map.of())) {
            long sent = System.nanoTime();
            assertThat(fixture.sendHl7("SSE1", "P1")).isEqualTo(AckCode.AA);
            long acked = System.nanoTime();

            Received delivery = follower.await(e -> e.type().equals("delivery") && e.data().get("destination").asText().equals("archive"),
                    Duration.ofSeconds(5));
            long messageId = delivery.data().get("messageId").asLong();
            assertThat(delivery.data().get("outcome").asText()).isEqualTo("sent");
            assertThat(java.nio.file.Files.exists(fixture.folder.resolve("data/archive/" + messageId + ".hl7"))).isTrue();
            // The file is written before the outcome is recorded and published; so the event arrives at most
            // this long after the delivery, and even counting from the MLLP send it is within a second.
            Duration sinceSend = Duration.ofNanos(delivery.atNanos() - sent);
            System.out.printf("SSE: delivery event %d ms after the send, %d ms after the ACK%n", sinceSend.toMillis(),
                    Duration.ofNanos(delivery.atNanos() - acked).toMillis());
            assertThat(sinceSend).isLessThan(Duration.ofSeconds(1));
        }
    }

    @Test
    void events_carry_ids_and_counts_never_content() throws Exception {
        try (Follower follower = follow(Map.of())) {
            assertThat(fixture.sendHl7("SSE2", "SECRET-PATIENT-42")).isEqualTo(AckCode.AA);

            Received received = follower.await(e -> e.type().equals("received"), Duration.ofSeconds(5));
            follower.await(e -> e.type().equals("delivery") && e.data().get("destination").asText().equals("lab"), Duration.ofSeconds(5));
            Received counts = follower.await(e -> e.type().equals("counts"), Duration.ofSeconds(5));

            assertThat(received.data().get("interface").asText()).isEqualTo("adt");
            assertThat(received.data().get("messageId").asLong()).isPositive();
            assertThat(counts.data().get("destinations").findValuesAsText("destination")).contains("archive", "lab");
            assertThat(follower.lines).noneMatch(l -> l.contains("SECRET-PATIENT-42") || l.contains("SSE2"));
            assertThat(follower.events).extracting(Received::id).doesNotContainNull();
        }
    }

    @Test
    void says_when_a_destination_is_paused_and_resumed() throws Exception {
        try (Follower follower = follow(Map.of())) {
            fixture.runtime().interfaces().pause("adt", "lab");
            fixture.runtime().interfaces().resume("adt", "lab");

            assertThat(follower.await(e -> e.type().equals("destination"), Duration.ofSeconds(5)).data().get("paused").asBoolean()).isTrue();
            assertThat(follower.await(e -> e.type().equals("destination") && !e.data().get("paused").asBoolean(),
                    Duration.ofSeconds(5))).isNotNull();
        }
    }

    @Test
    void sends_a_keep_alive_comment_when_nothing_happens() throws Exception {
        try (Follower follower = follow(Map.of())) {
            long deadline = System.nanoTime() + ApiFixture.KEEP_ALIVE.multipliedBy(4).toNanos();
            while (follower.lines.stream().noneMatch(l -> l.equals(": keep-alive")) && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(follower.lines).contains(": keep-alive");
            assertThat(follower.lines).contains("retry: " + EventStream.RECONNECT_MS);
        }
    }

    @Test
    void a_client_that_reconnects_with_last_event_id_gets_a_resync_first() throws Exception {
        try (Follower follower = follow(Map.of("Last-Event-ID", "12"))) {
            Received first = follower.await(e -> true, Duration.ofSeconds(5));
            assertThat(first.type()).isEqualTo("resync");
            assertThat(first.data().get("reason").asText()).contains("12");
        }
    }

    @Test
    void a_client_that_goes_away_stops_following_at_once() throws Exception {
        // Keep-alives a minute apart: only the connection's close can end the stream within the test.
        try (ApiFixture quiet = new ApiFixture(Duration.ofMinutes(1))) {
            Follower follower = new Follower(quiet.events(quiet.token("viewer"), Map.of()));
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (!follower.lines.contains(": ductus events") && System.nanoTime() < deadline) Thread.sleep(10);
            assertThat(quiet.events.followed()).isTrue();

            follower.close();
            deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (quiet.events.followed() && System.nanoTime() < deadline) Thread.sleep(10);
            assertThat(quiet.events.followed()).isFalse();
        }
    }

    @Test
    void answers_as_an_event_stream_that_is_not_cached() throws Exception {
        try (Follower follower = follow(Map.of())) {
            assertThat(follower.response.statusCode()).isEqualTo(200);
            assertThat(follower.response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/event-stream"));
            assertThat(follower.response.headers().firstValue("Cache-Control")).contains("no-store");
        }
    }

    private static Follower follow(Map<String, String> headers) throws Exception {
        return new Follower(fixture.events(viewer, headers));
    }

    /** Reads the stream on a thread of its own, parsing events as they complete. */
    private static final class Follower implements AutoCloseable {
        final HttpResponse<Stream<String>> response;
        final List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<Received> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final BlockingQueue<Received> arrived = new LinkedBlockingQueue<>();
        private final Thread reader;

        Follower(HttpResponse<Stream<String>> response) {
            this.response = response;
            this.reader = Thread.ofVirtual().start(this::read);
        }

        private void read() {
            List<String> block = new ArrayList<>();
            try {
                response.body().forEach(line -> {
                    lines.add(line);
                    if (!line.isEmpty()) {
                        block.add(line);
                        return;
                    }
                    String id = null;
                    String type = null;
                    String data = null;
                    for (String l : block) {
                        if (l.startsWith("id: ")) id = l.substring(4);
                        if (l.startsWith("event: ")) type = l.substring(7);
                        if (l.startsWith("data: ")) data = l.substring(6);
                    }
                    block.clear();
                    if (type == null) return;
                    try {
                        Received r = new Received(id, type, ApiResponse.JSON.readTree(data), System.nanoTime());
                        events.add(r);
                        arrived.add(r);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
            } catch (RuntimeException e) {
                // the stream was closed
            }
        }

        /** The first event so far, or to come within the wait, that is wanted. */
        Received await(Predicate<Received> wanted, Duration within) throws InterruptedException {
            long deadline = System.nanoTime() + within.toNanos();
            while (true) {
                for (Received r : events) if (wanted.test(r)) return r;
                if (System.nanoTime() > deadline) throw new AssertionError("no such event within " + within + "; got " + events);
                arrived.poll(10, TimeUnit.MILLISECONDS);
            }
        }

        @Override
        public void close() {
            response.body().close();
            reader.interrupt();
        }
    }
}
