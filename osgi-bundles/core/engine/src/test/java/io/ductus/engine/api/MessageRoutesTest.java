package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.store.account.AuditRecord;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The message browser over real HTTP against the real runtime on a real SQLite file: listing, one message,
 * payloads with their read log, the quarantine, and resend, edit and dismiss with their audit rows and
 * the workers they wake.
 */
class MessageRoutesTest {

    private ApiFixture fixture;
    private String operator;

    @BeforeEach
    void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        operator = fixture.token("operator", "payloads");
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void lists_messages_newest_first_by_interface_and_status_paged_by_id() throws Exception {
        for (int i = 1; i <= 3; i++) assertThat(fixture.sendHl7("L" + i, "P" + i)).isEqualTo(AckCode.AA);
        awaitMessages("/api/v1/messages?interface=adt&status=sent", page -> page.get("messages").size() == 3);

        JsonNode first = get("/api/v1/messages?interface=adt&status=sent&limit=2");
        assertThat(first.get("messages").findValuesAsText("orderingKey")).containsExactly("P3", "P2");
        assertThat(first.get("messages").get(0).get("status").asText()).isEqualTo("sent");
        assertThat(first.get("messages").get(0).has("payload")).isFalse();
        JsonNode second = get("/api/v1/messages?interface=adt&status=sent&limit=2&before=" + first.get("next").asLong());
        assertThat(second.get("messages").findValuesAsText("orderingKey")).containsExactly("P1");
        assertThat(second.get("next").isNull()).isTrue();
        assertThat(get("/api/v1/messages?status=quarantined").get("messages")).isEmpty();
    }

    @Test
    void a_text_search_reads_a_bounded_window_and_says_where_to_go_on() throws Exception {
        for (int i = 1; i <= 3; i++) assertThat(fixture.sendHl7("T" + i, i == 1 ? "NEEDLE" : "HAY" + i)).isEqualTo(AckCode.AA);

        JsonNode bounded = get("/api/v1/messages?text=NEEDLE&scanLimit=1");
        assertThat(bounded.get("messages")).isEmpty();
        assertThat(bounded.get("scanLimitReached").asBoolean()).isTrue();
        JsonNode all = get("/api/v1/messages?text=NEEDLE");
        assertThat(all.get("messages").findValuesAsText("orderingKey")).containsExactly("NEEDLE");
    }

    @Test
    void shows_one_message_with_its_deliveries_but_not_its_payload() throws Exception {
        long id = fixture.quarantinedMessage();
        JsonNode message = get("/api/v1/messages/" + id);
        assertThat(message.get("id").asLong()).isEqualTo(id);
        assertThat(message.get("status").asText()).isEqualTo("quarantined");
        assertThat(message.has("payload")).isFalse();
        JsonNode legacy = message.get("deliveries").get(0);
        assertThat(legacy.get("destination").asText()).isEqualTo("legacy");
        assertThat(legacy.get("status").asText()).isEqualTo("quarantined");
        assertThat(legacy.get("attempts").asInt()).isEqualTo(1);
        assertThat(legacy.get("lastError").asText()).isEqualTo("AR: unknown patient");

        HttpResponse<String> missing = fixture.withToken("GET", "/api/v1/messages/999999", operator, null);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(missing).get("detail").asText()).isEqualTo("There is no message 999999.");
    }

    @Test
    void serves_the_payload_byte_for_byte_and_logs_each_reader_once_per_window() throws Exception {
        long id = fixture.quarantinedMessage();
        HttpResponse<String> first = fixture.withToken("GET", "/api/v1/messages/" + id + "/payload", operator, null);
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type")).contains("text/plain; charset=ISO-8859-1");
        assertThat(first.body()).startsWith("MSH|^~\\&|").endsWith("PID|1||Q1\r");
        fixture.withToken("GET", "/api/v1/messages/" + id + "/payload", operator, null);
        assertThat(reads(id)).hasSize(1);

        fixture.withToken("GET", "/api/v1/messages/" + id + "/payload", fixture.token("viewer", "payloads"), null);
        assertThat(reads(id)).hasSize(2);

        fixture.clock.advance(MessageRoutes.READ_WINDOW.plusSeconds(1));
        fixture.withToken("GET", "/api/v1/messages/" + id + "/payload", operator, null);
        assertThat(reads(id)).hasSize(3);
    }

    @Test
    void serves_a_saved_output_and_says_when_none_was_saved() throws Exception {
        long id = fixture.messageWithOutput();
        HttpResponse<String> output = fixture.withToken("GET", "/api/v1/messages/" + id + "/deliveries/legacy/output", operator, null);
        assertThat(output.body()).isEqualTo("ACK-" + id);
        assertThat(reads(id)).hasSize(1);

        long without = fixture.quarantinedMessage();
        HttpResponse<String> none = fixture.withToken("GET", "/api/v1/messages/" + without + "/deliveries/legacy/output", operator, null);
        assertThat(none.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(none).get("detail").asText()).contains("saved no output");
    }

    @Test
    void lists_the_quarantine_across_interfaces_newest_first() throws Exception {
        long older = fixture.quarantinedMessage();
        long newer = fixture.quarantinedMessage();
        JsonNode page = get("/api/v1/quarantine?limit=1");
        assertThat(page.get("deliveries").get(0).get("message").get("id").asLong()).isEqualTo(newer);
        JsonNode next = page.get("next");
        JsonNode second = get("/api/v1/quarantine?limit=1&before=" + next.get("before").asLong() + "&beforeDestination="
                + next.get("beforeDestination").asText());
        assertThat(second.get("deliveries").get(0).get("message").get("id").asLong()).isEqualTo(older);
        assertThat(second.get("deliveries").get(0).get("lastError").asText()).isEqualTo("AR: unknown patient");
    }

    @Test
    void resend_sends_a_finished_delivery_again_now_and_writes_its_audit_row() throws Exception {
        assertThat(fixture.sendHl7("R1", "P1")).isEqualTo(AckCode.AA);
        JsonNode sent = awaitMessages("/api/v1/messages?status=sent", page -> page.get("messages").size() == 1);
        long id = sent.get("messages").get(0).get("id").asLong();
        Path archived = fixture.folder.resolve("data/archive/" + id + ".hl7");
        Files.delete(archived);

        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/messages/resend", operator,
                ApiFixture.json(Map.of("ids", List.of(id), "destinations", List.of("archive"))));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode change = ApiFixture.read(r).get("deliveries").get(0);
        assertThat(change.get("destination").asText()).isEqualTo("archive");
        assertThat(change.get("before").asText()).isEqualTo("sent");
        assertThat(change.get("after").asText()).isEqualTo("pending");
        awaitTrue(() -> Files.exists(archived));
        List<AuditRecord> audit = fixture.auditOf("message:" + id);
        assertThat(audit).extracting(a -> a.entry().action()).containsExactly("message.resend");
        assertThat(audit.get(0).entry().detail()).contains("\"deliveriesChanged\":1");
    }

    @Test
    void edit_stores_a_corrected_copy_with_keys_read_from_it_and_filters_the_original() throws Exception {
        long id = fixture.quarantinedMessage();
        String corrected = "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|E1|P|2.5\rPID|1||FIXED\r";

        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/messages/" + id + "/edit", operator,
                ApiFixture.json(Map.of("payload", corrected)));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        JsonNode edited = ApiFixture.read(r);
        long copy = edited.get("copyId").asLong();
        assertThat(edited.get("destinations").get(0).asText()).isEqualTo("legacy");
        JsonNode copyShown = get("/api/v1/messages/" + copy);
        assertThat(copyShown.get("orderingKey").asText()).isEqualTo("FIXED");
        assertThat(copyShown.get("editedFrom").asLong()).isEqualTo(id);
        assertThat(copyShown.get("status").asText()).isEqualTo("pending");
        JsonNode original = get("/api/v1/messages/" + id);
        assertThat(original.get("status").asText()).isEqualTo("filtered");
        assertThat(original.get("deliveries").get(0).get("lastError").asText()).contains("replaced by edited copy " + copy);
        assertThat(original.get("editedCopies").get(0).asLong()).isEqualTo(copy);
        assertThat(fixture.withToken("GET", "/api/v1/messages/" + copy + "/payload", operator, null).body()).isEqualTo(corrected);
        assertThat(fixture.auditOf("message:" + id)).extracting(a -> a.entry().action()).contains("message.edit");
    }

    @Test
    void edit_is_refused_with_409_when_there_is_nothing_to_replace_and_leaves_no_audit_row() throws Exception {
        long id = fixture.messageWithOutput();
        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/messages/" + id + "/edit", operator,
                ApiFixture.json(Map.of("payload", "MSH|^~\\&|x")));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(409);
        assertThat(ApiFixture.read(r).get("detail").asText()).contains("no quarantined delivery");
        assertThat(fixture.auditOf("message:" + id)).extracting(a -> a.entry().action()).doesNotContain("message.edit");
    }

    @Test
    void dismiss_needs_a_reason_and_keeps_it_with_the_deliveries() throws Exception {
        long id = fixture.quarantinedMessage();
        HttpResponse<String> noReason = fixture.withToken("POST", "/api/v1/messages/dismiss", operator,
                ApiFixture.json(Map.of("ids", List.of(id))));
        assertThat(noReason.statusCode()).isEqualTo(400);
        assertThat(ApiFixture.read(noReason).get("detail").asText()).contains("\"reason\" is required");

        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/messages/dismiss", operator,
                ApiFixture.json(Map.of("ids", List.of(id), "reason", "sent by phone")));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode message = get("/api/v1/messages/" + id);
        assertThat(message.get("status").asText()).isEqualTo("filtered");
        assertThat(message.get("deliveries").get(0).get("lastError").asText()).matches("dismissed by token:t-\\d+: sent by phone");
        AuditRecord row = fixture.auditOf("message:" + id).get(0);
        assertThat(row.entry().action()).isEqualTo("message.dismiss");
        assertThat(row.entry().detail()).contains("sent by phone");
    }

    @Test
    void refuses_bad_action_bodies_with_400_naming_the_field() throws Exception {
        assertThat(problem("/api/v1/messages/resend", Map.of("ids", List.of()))).contains("\"ids\" must list 1 to 500");
        assertThat(problem("/api/v1/messages/resend", Map.of("ids", List.of(1, 1)))).contains("names message 1 twice");
        assertThat(problem("/api/v1/messages/resend", Map.of("ids", List.of("x")))).contains("positive whole numbers");
        assertThat(problem("/api/v1/messages/resend", Map.of("ids", List.of(1), "destinations", "lab")))
                .contains("\"destinations\" must be a list");
        HttpResponse<String> badStatus = fixture.withToken("GET", "/api/v1/messages?status=lost", operator, null);
        assertThat(badStatus.statusCode()).isEqualTo(400);
        HttpResponse<String> badTime = fixture.withToken("GET", "/api/v1/messages?from=yesterday", operator, null);
        assertThat(ApiFixture.read(badTime).get("detail").asText()).contains("query parameter from: expected a date");
    }

    private String problem(String path, Map<String, ?> body) throws Exception {
        HttpResponse<String> r = fixture.withToken("POST", path, operator, ApiFixture.json(body));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        return ApiFixture.read(r).get("detail").asText();
    }

    private List<AuditRecord> reads(long id) {
        return fixture.auditOf("message:" + id).stream().filter(a -> a.entry().action().equals(MessageRoutes.PAYLOAD_READ)).toList();
    }

    @Test
    void resending_or_dismissing_a_message_that_does_not_exist_is_404_and_changes_nothing() throws Exception {
        long id = fixture.quarantinedMessage();
        HttpResponse<String> resend = fixture.withToken("POST", "/api/v1/messages/resend", operator, "{\"ids\": [" + id + ", 999999]}");
        assertThat(resend.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(resend).get("detail").asText()).isEqualTo("There is no message 999999: nothing was changed.");
        HttpResponse<String> dismiss = fixture.withToken("POST", "/api/v1/messages/dismiss", operator,
                "{\"ids\": [999999], \"reason\": \"x\"}");
        assertThat(dismiss.statusCode()).isEqualTo(404);
        assertThat(get("/api/v1/messages/" + id).get("status").asText()).isEqualTo("quarantined");
    }

    @Test
    void listing_an_interface_the_engine_does_not_have_is_404_naming_those_it_has() throws Exception {
        HttpResponse<String> typo = fixture.withToken("GET", "/api/v1/messages?interface=adt-inn", operator, null);
        assertThat(typo.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(typo).get("detail").asText()).contains("'adt-inn'").contains("the project has adt");
        assertThat(get("/api/v1/messages?interface=adt").get("messages")).isEmpty();
    }

    @Test
    void from_and_to_take_dates_as_well_as_instants() throws Exception {
        long day = java.time.Instant.parse("2026-11-29T00:00:00Z").toEpochMilli();
        long before = fixture.quarantinedMessageAt(day - 1);
        long during = fixture.quarantinedMessageAt(day + 3_600_000);
        long after = fixture.quarantinedMessageAt(day + 86_400_000);
        assertThat(get("/api/v1/messages?from=2026-11-29&to=2026-11-30").get("messages").findValues("id"))
                .extracting(JsonNode::asLong).containsExactly(during);
        assertThat(get("/api/v1/messages?from=2026-11-29T01:00:00Z").get("messages").findValues("id"))
                .extracting(JsonNode::asLong).containsExactly(after, during);
        HttpResponse<String> bad = fixture.withToken("GET", "/api/v1/messages?from=yesterday", operator, null);
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(ApiFixture.read(bad).get("detail").asText()).contains("2026-12-01").contains("'yesterday'");
        assertThat(before).isLessThan(during);
    }

    @Test
    void resend_quarantined_sends_every_quarantined_message_of_the_window_again_in_batches_with_one_audit_row() throws Exception {
        long day = java.time.Instant.parse("2026-11-29T00:00:00Z").toEpochMilli();
        int inWindow = MessageRoutes.RESEND_BATCH + 20;
        List<Long> ids = new java.util.ArrayList<>();
        for (int i = 0; i < inWindow; i++) ids.add(fixture.quarantinedMessageAt(day + i));
        long outside = fixture.quarantinedMessageAt(day - 1);

        HttpResponse<String> resent = fixture.withToken("POST", "/api/v1/messages/resend-quarantined", operator,
                "{\"interface\": \"adt\", \"from\": \"2026-11-29\", \"to\": \"2026-11-30\"}");
        assertThat(resent.statusCode()).as(resent.body()).isEqualTo(200);
        JsonNode answer = ApiFixture.read(resent);
        assertThat(answer.get("messages").asInt()).isEqualTo(inWindow);
        assertThat(answer.get("deliveries").asInt()).isEqualTo(inWindow);
        assertThat(answer.get("batches").asInt()).isEqualTo(2);
        assertThat(get("/api/v1/messages/" + ids.get(0)).get("status").asText()).isNotEqualTo("quarantined");
        assertThat(get("/api/v1/messages/" + outside).get("status").asText()).isEqualTo("quarantined");
        List<AuditRecord> rows = fixture.store.accounts().audit(new io.ductus.store.account.AuditQuery(null, 50, null, null)).entries()
                .stream().filter(r -> r.entry().action().equals("message.resend")).toList();
        assertThat(rows).singleElement().satisfies(r -> {
            assertThat(r.entry().target()).isEqualTo("interface:adt");
            assertThat(r.entry().detail()).contains("2026-11-29T00:00:00Z").contains("2026-11-30T00:00:00Z");
        });
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = fixture.withToken("GET", path, operator, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    private JsonNode awaitMessages(String path, Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            JsonNode page = get(path);
            if (done.test(page)) return page;
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 10 s: " + page);
            Thread.sleep(20);
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 10 s");
            Thread.sleep(20);
        }
    }
}
