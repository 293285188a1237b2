package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import ca.uhn.hl7v2.DefaultHapiContext;
import ca.uhn.hl7v2.HapiContext;
import ca.uhn.hl7v2.app.Connection;
import ca.uhn.hl7v2.util.StandardSocketFactory;
import io.ductus.connector.listener.tls.TestPki;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS in the real distribution: certificates named in resources.yaml, an MLLP source with TLS that HAPI's MLLP
 * client sends to over TLS, an MLLP destination that relays to it over TLS (trusting the named CA, the host name
 * checked), and a start refused, naming the entry, when a certificate is broken (ductus validate says the same).
 */
class TlsIT {

    @TempDir
    static Path tmp;

    private static final TestPki.Issued CA = TestPki.ca("Hospital CA");
    private static DuctusProcess ductus;
    private static int securePort;
    private static int relayPort;

    @BeforeAll
    static void start() throws Exception {
        Path project = tmp.resolve("project");
        Files.createDirectories(project.resolve("certs"));
        TestPki.issue(CA, "CN=localhost", "localhost").write(project.resolve("certs"), "listener");
        Files.writeString(project.resolve("certs/hospital-ca.pem"), CA.chainPem());
        Files.writeString(project.resolve("resources.yaml"), """
                certificates:
                  listener: { cert_file: certs/listener.crt, key_file: certs/listener.key }
                  hospital-ca: { ca_file: certs/hospital-ca.pem }
                """);
        securePort = Ports.freeBelowEphemeral();
        relayPort = Ports.freeBelowEphemeral();
        write(project.resolve("interfaces/secure/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d, tls: listener }
                format: hl7
                destinations:
                  archive: { type: file, path: "secure/{MSH-10}.hl7", fsync: false }
                """.formatted(securePort));
        write(project.resolve("interfaces/relay/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  onward: { type: mllp, connect: "localhost:%d", tls_ca: hospital-ca, ack_timeout: 5s }
                """.formatted(relayPort, securePort));
        ductus = DuctusProcess.start(tmp, "serve", "--project", project.toString(), "--data", tmp.resolve("data").toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString());
        ductus.awaitStarted();
    }

    @AfterAll
    static void stop() {
        if (ductus != null) ductus.close();
    }

    @Test
    void hapisMllpClientSendsOverTlsAndTheRelaySendsOnOverTls() throws Exception {
        try (HapiContext hapi = new DefaultHapiContext()) {
            SSLContext trusting = TestPki.context(CA, null);
            hapi.setSocketFactory(new StandardSocketFactory() {
                @Override
                public Socket createTlsSocket() throws IOException {
                    return trusting.getSocketFactory().createSocket();
                }
            });
            Connection secure = hapi.newClient("localhost", securePort, true);
            String ack = secure.getInitiator().sendAndReceive(hapi.getPipeParser().parse(message("TLS-1"))).encode();
            assertThat(ack).contains("MSA|AA|TLS-1");
            secure.close();
            Connection plain = hapi.newClient("127.0.0.1", relayPort, false);
            assertThat(plain.getInitiator().sendAndReceive(hapi.getPipeParser().parse(message("RELAY-1"))).encode()).contains("MSA|AA|RELAY-1");
            plain.close();
        }
        Eventually.within(Duration.ofSeconds(30), () -> {
            assertThat(tmp.resolve("data/secure/TLS-1.hl7")).exists();
            assertThat(tmp.resolve("data/secure/RELAY-1.hl7")).as("relayed over TLS").exists();
        });
    }

    @Test
    void aBrokenCertificateRefusesTheStartNamingTheEntryAndValidateSaysTheSame() throws Exception {
        Path broken = tmp.resolve("broken");
        Files.createDirectories(broken.resolve("certs"));
        TestPki.Issued one = TestPki.issue(CA, "CN=one");
        TestPki.Issued other = TestPki.issue(CA, "CN=other");
        Files.writeString(broken.resolve("certs/pair.crt"), one.chainPem());
        Files.writeString(broken.resolve("certs/pair.key"), other.keyPem());
        Files.writeString(broken.resolve("resources.yaml"), """
                certificates:
                  mismatched: { cert_file: certs/pair.crt, key_file: certs/pair.key }
                """);
        write(broken.resolve("interfaces/secure/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d, tls: mismatched }
                format: hl7
                destinations:
                  archive: { type: file, path: "secure/{id}.hl7", fsync: false }
                """.formatted(Ports.freeBelowEphemeral()));
        try (DuctusProcess refused = DuctusProcess.start(tmp, "serve", "--project", broken.toString(), "--data",
                tmp.resolve("broken-data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            assertThat(refused.awaitExit(Duration.ofSeconds(90))).isNotZero();
            assertThat(refused.stderr() + String.join("\n", refused.stdoutLines()))
                    .contains("certificate 'mismatched'").contains("the key does not belong to the certificate");
        }
        try (DuctusProcess validate = DuctusProcess.start(tmp, "validate", "--project", broken.toString(), "--data",
                tmp.resolve("broken-data").toString())) {
            assertThat(validate.awaitExit(Duration.ofSeconds(90))).isNotZero();
            assertThat(String.join("\n", validate.stdoutLines())).contains("resources.yaml: certificate 'mismatched'");
        }
    }


    private static String message(String controlId) {
        return "MSH|^~\\&|LAB|FAC|DUCTUS|FAC|20261201120000||ADT^A01^ADT_A01|" + controlId + "|P|2.5\rPID|1||1000^^^MRN||DOE^JANE\r";
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

}
