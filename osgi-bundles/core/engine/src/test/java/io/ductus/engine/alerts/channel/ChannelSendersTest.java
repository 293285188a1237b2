package io.ductus.engine.alerts.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpServer;
import io.ductus.core.alert.AlertSettings.SmtpServer;
import io.ductus.core.alert.Channel;
import io.ductus.store.alert.NotificationRecord;
import jakarta.mail.internet.MimeMessage;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The channels against real servers: an SMTP server (GreenMail) and an HTTP receiver, each on a real socket. */
class ChannelSendersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");
    private static final NoticeText TEXT = new NoticeText("ductus on test-host", ZoneOffset.UTC);
    private static final List<NotificationRecord> TWO = List.of(
            notice(1, "fired", "critical", "adt/lab", "stalled", "12 waiting, the oldest for 3 min"),
            notice(2, "recovered", "warning", "orders/erp", "error", "2 message(s) quarantined"));

    private GreenMail mail;
    private HttpServer http;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(204);

    private static NotificationRecord notice(long id, String kind, String severity, String target, String state, String reason) {
        return new NotificationRecord(id, 7L, 1, "ops", kind, target, severity, state, reason, T0.toEpochMilli(), T0.toEpochMilli(),
                "waiting", 0, null, null, null);
    }

    @BeforeEach
    void servers() throws Exception {
        mail = new GreenMail(ServerSetup.SMTP.dynamicPort());
        mail.start();
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/hooks/secret-path", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] answer = status.get() == 204 ? new byte[0] : "the receiver is unhappy".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status.get(), status.get() == 204 ? -1 : answer.length);
            if (answer.length > 0) exchange.getResponseBody().write(answer);
            exchange.close();
        });
        http.start();
    }

    @AfterEach
    void stop() {
        mail.stop();
        http.stop(0);
    }

    @Test
    void mail_goes_through_the_smtp_server_with_a_subject_and_a_line_per_notice() throws Exception {
        mail.setUser("ductus", "s3cret");
        SmtpServer smtp = new SmtpServer("127.0.0.1", mail.getSmtp().getPort(), "none", "ductus", "${secret:SMTP}", "ductus@example.org");
        EmailSender sender = new EmailSender(smtp, TEXT, v -> v.equals("${secret:SMTP}") ? "s3cret" : v, Clock.fixed(T0, ZoneOffset.UTC));
        sender.send(new Channel("oncall", Channel.Type.EMAIL, List.of("oncall@example.org", "lead@example.org"), null, null), TWO);

        MimeMessage[] received = mail.getReceivedMessages();
        assertThat(received).hasSize(2); // one per recipient's mailbox
        assertThat(received[0].getSubject()).isEqualTo("[ductus] 2 alert notices: 1 firing, 1 recovered");
        String body = GreenMailUtil.getBody(received[0]);
        assertThat(body).contains("FIRING critical: adt/lab stalled").contains("RECOVERED warning: orders/erp error")
                .contains("From ductus on test-host");
        assertThat(received[0].getFrom()[0].toString()).isEqualTo("ductus@example.org");
    }

    @Test
    void a_mail_server_that_cannot_be_reached_is_an_error_naming_it() {
        SmtpServer nowhere = new SmtpServer("127.0.0.1", 1, "none", null, null, "ductus@example.org");
        EmailSender sender = new EmailSender(nowhere, TEXT, v -> v, Clock.systemUTC());
        assertThatThrownBy(() -> sender.send(new Channel("oncall", Channel.Type.EMAIL, List.of("a@example.org"), null, null), TWO))
                .hasMessageContaining("mail through 127.0.0.1:1 failed");
    }

    private JsonNode post(Channel.Format format) throws Exception {
        WebhookSender sender = new WebhookSender(TEXT, v -> v.replace("${secret:HOOK}", "http://127.0.0.1:" + http.getAddress().getPort()
                + "/hooks/secret-path"));
        sender.send(new Channel("ops", Channel.Type.WEBHOOK, List.of(), "${secret:HOOK}", format), TWO);
        return JSON.readTree(bodies.get(bodies.size() - 1));
    }

    @Test
    void the_json_format_carries_every_field_of_every_notice() throws Exception {
        JsonNode doc = post(Channel.Format.JSON);
        assertThat(doc.path("source").asText()).isEqualTo("ductus");
        assertThat(doc.path("notices")).hasSize(2);
        JsonNode first = doc.path("notices").get(0);
        assertThat(first.path("kind").asText()).isEqualTo("fired");
        assertThat(first.path("target").asText()).isEqualTo("adt/lab");
        assertThat(first.path("alertId").asLong()).isEqualTo(7);
        assertThat(first.path("createdAt").asText()).isEqualTo("2026-12-07T10:00:00Z");
    }

    @Test
    void slack_gets_text_and_blocks_and_teams_an_adaptive_card() throws Exception {
        JsonNode slack = post(Channel.Format.SLACK);
        assertThat(slack.path("text").asText()).isEqualTo("[ductus] 2 alert notices: 1 firing, 1 recovered");
        assertThat(slack.path("blocks").get(0).path("type").asText()).isEqualTo("header");
        assertThat(slack.path("blocks").get(1).path("text").path("text").asText()).startsWith("*FIRING critical: adt/lab stalled*");

        JsonNode teams = post(Channel.Format.TEAMS);
        assertThat(teams.path("type").asText()).isEqualTo("message");
        JsonNode card = teams.path("attachments").get(0);
        assertThat(card.path("contentType").asText()).isEqualTo("application/vnd.microsoft.card.adaptive");
        assertThat(card.path("content").path("type").asText()).isEqualTo("AdaptiveCard");
        assertThat(card.path("content").path("body").get(1).path("color").asText()).isEqualTo("Attention");
    }

    @Test
    void a_refusing_receiver_is_an_error_that_does_not_show_the_urls_path() {
        status.set(500);
        assertThatThrownBy(() -> post(Channel.Format.JSON))
                .hasMessageContaining("answered HTTP 500: the receiver is unhappy")
                .hasMessageNotContaining("secret-path");
    }
}
