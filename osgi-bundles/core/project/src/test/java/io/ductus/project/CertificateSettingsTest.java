package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.CertificateResource;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** resources.yaml's certificates and the settings that name them, as the project check reads them. */
class CertificateSettingsTest {

    @TempDir
    Path project;

    @Test
    void pairsAndCasAreReadWithTheirKinds() throws IOException {
        write("resources.yaml", """
                certificates:
                  lab: { cert_file: certs/lab.crt, key_file: certs/lab.key }
                  partner: { cert: "${secret:PARTNER_CERT}", key: "${secret:PARTNER_KEY}" }
                  hospital-ca: { ca_file: certs/ca.pem }
                """);
        write("ductus.yaml", """
                api: { listen: "0.0.0.0:7700", tls: lab, tls_client_ca: hospital-ca, tls_client_subjects: "CN=ops-*, O=Example", allow: "10.0.0.0/8" }
                """);
        LoadedProject loaded = ProjectLoader.load(project, ConnectorTypes.unknown());
        assertThat(lines(loaded)).isEmpty();
        assertThat(loaded.project().resources().certificates().get("lab").kind()).isEqualTo(CertificateResource.Kind.PAIR);
        assertThat(loaded.project().resources().certificates().get("partner").cert()).hasValue("${secret:PARTNER_CERT}");
        assertThat(loaded.project().resources().certificates().get("hospital-ca").kind()).isEqualTo(CertificateResource.Kind.CA);
        assertThat(loaded.project().settings().apiSecurity().clientSubjects()).containsExactly("CN=ops-*", "O=Example");
        assertThat(loaded.project().settings().apiSecurity().allow()).containsExactly("10.0.0.0/8");
    }

    @Test
    void anEntryIsAPairOrACaAloneAndAPairNeedsBothHalves() throws IOException {
        write("resources.yaml", """
                certificates:
                  both: { cert_file: a.crt, key_file: a.key, ca_file: ca.pem }
                  half: { cert_file: a.crt }
                  empty: { }
                """);
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown()))).containsExactly(
                "resources.yaml:2:9: certificates.both: a pair (cert_file/cert, key_file/key) or a CA alone (ca_file/ca), not both",
                "resources.yaml:3:9: certificates.half: a certificate without its key: add key_file (or key)",
                "resources.yaml:4:10: certificates.empty: neither a pair (cert_file + key_file, or cert + key) nor a CA (ca_file or ca)");
    }

    @Test
    void anInterfaceNamingACertificateThatIsNotThereOrOfTheWrongKindIsRefused() throws IOException {
        write("resources.yaml", """
                certificates:
                  hospital-ca: { ca_file: certs/ca.pem }
                """);
        write("interfaces/adt/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:6661, tls: hospital-ca, tls_client_ca: nowhere }
                format: hl7
                destinations:
                  lab: { type: mllp, connect: lab:7001, tls_certificate: missing }
                """);
        LoadedProject loaded = ProjectLoader.load(project, ConnectorTypes.unknown());
        assertThat(lines(loaded)).containsExactly(
                "interfaces/adt/interface.yaml:1:52: source.tls: certificate 'hospital-ca' is a CA alone; tls needs a pair (cert_file + key_file)",
                "interfaces/adt/interface.yaml:1:80: source.tls_client_ca: no certificate 'nowhere' in resources.yaml (it has hospital-ca)",
                "interfaces/adt/interface.yaml:4:58: destinations.lab.tls_certificate: no certificate 'missing' in resources.yaml (it has hospital-ca)");
        assertThat(loaded.project().interfaces()).isEmpty();
    }

    @Test
    void databaseUrlsAlertsAndWebhooksNamingACertificateThatIsNotThereAreNamedByFileLineAndField() throws IOException {
        write("resources.yaml", """
                certificates:
                  hospital-ca: { ca_file: certs/ca.pem }
                databases:
                  mpi: { url: "postgres://mpi.example.org/mpi?tls_ca=db-ca" }
                """);
        write("ductus.yaml", """
                database: "postgres://db.example.org/ductus?tls_ca=hospital-ca"
                alerts:
                  smtp: { host: smtp.example.org, from: ductus@example.org, tls_ca: mail-ca }
                  channels:
                    oncall: { type: webhook, url: "https://hooks.example.org/x", tls_ca: hospital-ca, tls_certificate: hospital-ca }
                """);
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown()))).containsExactly(
                "ductus.yaml:3:69: alerts.smtp.tls_ca: no certificate 'mail-ca' in resources.yaml (it has hospital-ca)",
                "ductus.yaml:5:104: alerts.channels.oncall.tls_certificate: certificate 'hospital-ca' is a CA alone; tls_certificate"
                        + " needs a pair (cert_file + key_file)",
                "resources.yaml:4:15: databases.mpi.url: tls_ca: no certificate 'db-ca' in resources.yaml (it has hospital-ca)");
    }

    @Test
    void theNestedTlsFormIsAnAliasOfTheFlatKeys() throws IOException {
        write("resources.yaml", """
                certificates:
                  lab: { cert_file: certs/lab.crt, key_file: certs/lab.key }
                  hospital-ca: { ca_file: certs/ca.pem }
                """);
        write("ductus.yaml", """
                api: { listen: "0.0.0.0:7700", tls: { certificate: lab, client_ca: hospital-ca } }
                """);
        write("interfaces/adt/interface.yaml", """
                source:
                  type: mllp
                  listen: 127.0.0.1:6661
                  tls: { certificate: lab, client_ca: hospital-ca, client_subjects: [CN=lab-gw-*, O=Example Lab] }
                format: hl7
                destinations:
                  lab: { type: mllp, connect: lab:7001, tls: { ca: hospital-ca, certificate: lab } }
                  archive: { type: mllp, connect: archive:7001, tls: { } }
                """);
        LoadedProject loaded = ProjectLoader.load(project, ConnectorTypes.unknown());
        assertThat(lines(loaded)).isEmpty();
        var adt = loaded.project().interfaces().get("adt");
        assertThat(adt.source().settings()).containsEntry("tls", "lab").containsEntry("tls_client_ca", "hospital-ca")
                .containsEntry("tls_client_subjects", "CN=lab-gw-*, O=Example Lab");
        assertThat(adt.destinations().get("lab").settings()).containsEntry("tls_ca", "hospital-ca").containsEntry("tls_certificate", "lab");
        assertThat(adt.destinations().get("archive").settings()).containsEntry("tls", true);
        assertThat(loaded.project().settings().apiSecurity().clientCa()).hasValue("hospital-ca");
    }

    @Test
    void mistakesInTheNestedFormNameTheFileLineAndTheFieldAsWritten() throws IOException {
        write("resources.yaml", """
                certificates:
                  hospital-ca: { ca_file: certs/ca.pem }
                """);
        write("interfaces/adt/interface.yaml", """
                source:
                  type: mllp
                  listen: 127.0.0.1:6661
                  tls: { certificate: hospital-ca, client_cert: x }
                format: hl7
                destinations:
                  lab: { type: mllp, connect: lab:7001, tls_ca: hospital-ca, tls: { ca: hospital-ca } }
                """);
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown()))).containsExactly(
                "interfaces/adt/interface.yaml:4:36: source.tls.client_cert: not a TLS setting here: write certificate, client_ca,"
                        + " client_subjects",
                "interfaces/adt/interface.yaml:7:69: destinations.lab.tls.ca: given twice, here and as tls_ca: write one");
        write("interfaces/adt/interface.yaml", """
                source:
                  type: mllp
                  listen: 127.0.0.1:6661
                  tls: { certificate: hospital-ca }
                format: hl7
                destinations:
                  lab: { type: mllp, connect: lab:7001, tls: { certificate: missing } }
                """);
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown()))).containsExactly(
                "interfaces/adt/interface.yaml:4:23: source.tls.certificate: certificate 'hospital-ca' is a CA alone; tls needs a pair"
                        + " (cert_file + key_file)",
                "interfaces/adt/interface.yaml:7:61: destinations.lab.tls.certificate: no certificate 'missing' in resources.yaml"
                        + " (it has hospital-ca)");
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static List<String> lines(LoadedProject loaded) {
        return loaded.problems().stream().map(Problem::toString).toList();
    }
}
