package io.ductus.engine.alerts.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.icegreen.greenmail.util.DummySSLServerSocketFactory;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.TestPki;
import io.ductus.core.alert.AlertSettings.SmtpServer;
import io.ductus.core.alert.Channel;
import io.ductus.store.alert.NotificationRecord;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alert mail over TLS from the first byte to a real SMTP server (GreenMail's SMTPS with a certificate for localhost
 * that a test CA issued): the server's certificate checked against a CA of resources.yaml and its name; without that
 * CA the handshake is refused and the error says why.
 */
class MailTlsTest {

    private static final TestPki.Issued CA = TestPki.ca("Mail CA");
    private static final Instant T0 = Instant.parse("2026-03-02T10:15:00Z");
    private static final List<NotificationRecord> ONE = List.of(new NotificationRecord(1, 7L, 1, "ops", "fired", "adt/lab", "critical",
            "stalled", "nothing for 30 minutes", T0.toEpochMilli(), T0.toEpochMilli(), "waiting", 0, null, null, null));

    @TempDir
    static Path dir;

    private static GreenMail mail;
    private static final Certificates CERTIFICATES = new Certificates();

    @BeforeAll
    static void start() throws Exception {
        TestPki.Issued server = TestPki.issue(CA, "CN=localhost", "localhost");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("greenmail", server.keys().getPrivate(), "changeit".toCharArray(),
                new X509Certificate[] {server.certificate(), CA.certificate()});
        Path file = dir.resolve("smtps.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, "changeit".toCharArray());
        }
        // GreenMail reads its TLS key store once per JVM, from these properties; no other test here uses its TLS.
        System.setProperty(DummySSLServerSocketFactory.GREENMAIL_KEYSTORE_FILE_PROPERTY, file.toString());
        System.setProperty(DummySSLServerSocketFactory.GREENMAIL_KEYSTORE_PASSWORD_PROPERTY, "changeit");
        System.setProperty(DummySSLServerSocketFactory.GREENMAIL_KEY_PASSWORD_PROPERTY, "changeit");
        mail = new GreenMail(ServerSetup.SMTPS.dynamicPort());
        mail.start();
        assertThat(CERTIFICATES.install(List.of(CertificateEntry.caText("mail-ca", CA.chainPem())), Clock.systemUTC(), l -> { },
                l -> { })).isEmpty();
    }

    @AfterAll
    static void stop() {
        if (mail != null) mail.stop();
        CERTIFICATES.close();
    }

    private static EmailSender sender(String tlsCa) {
        SmtpServer smtp = new SmtpServer("localhost", mail.getSmtps().getPort(), "tls", null, null, "ductus@example.org", tlsCa, null);
        return new EmailSender(smtp, new NoticeText("ductus on test", ZoneOffset.UTC), v -> v, Clock.fixed(T0, ZoneOffset.UTC),
                CERTIFICATES);
    }

    private static Channel oncall() {
        return new Channel("oncall", Channel.Type.EMAIL, List.of("oncall@example.org"), null, null);
    }

    @Test
    void mail_goes_over_tls_to_a_server_the_named_ca_issued() throws Exception {
        int before = mail.getReceivedMessages().length;
        sender("mail-ca").send(oncall(), ONE);
        assertThat(mail.getReceivedMessages()).hasSize(before + 1);
    }

    @Test
    void without_the_ca_the_handshake_is_refused_saying_why() {
        assertThatThrownBy(() -> sender(null).send(oncall(), ONE))
                .hasMessageContaining("failed: TLS handshake failed: unknown CA: the certificate is not issued by a trusted CA");
    }
}
