package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.listener.tls.TestPki;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** ductus cert self-signed, request and show. */
class CertCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();

    @Test
    void selfSignedWritesAKeyOnlyItsOwnerReadsAndACertificateShowJudgesGood() throws Exception {
        Path base = dir.resolve("certs/lab");
        assertThat(run("cert", "self-signed", "--dns", "lab.example.org,127.0.0.1", "--days", "90", "--out", base.toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("certs/lab.key")))).isEqualTo("rw-------");
        assertThat(run("cert", "show", dir.resolve("certs/lab.crt").toString(), "--key", dir.resolve("certs/lab.key").toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("CN=lab.example.org").contains("lab.example.org, 127.0.0.1")
                .contains("the key belongs to the first certificate");
        assertThat(run("cert", "self-signed", "--dns", "lab.example.org", "--out", base.toString()))
                .as("never over an existing key").isEqualTo(ExitCodes.BAD_ARGUMENTS);
    }

    @Test
    void requestWritesAKeyAndACsrWithTheNames() throws Exception {
        Path base = dir.resolve("lab");
        assertThat(run("cert", "request", "--subject", "CN=lab.example.org,O=Example Hospital", "--dns", "lab.example.org",
                "--key-type", "rsa", "--out", base.toString())).isEqualTo(ExitCodes.OK);
        try (PEMParser pem = new PEMParser(Files.newBufferedReader(dir.resolve("lab.csr")))) {
            PKCS10CertificationRequest csr = (PKCS10CertificationRequest) pem.readObject();
            assertThat(csr.getSubject().toString()).contains("CN=lab.example.org").contains("O=Example Hospital");
            assertThat(csr.getAttributes(PKCSObjectIdentifiers.pkcs_9_at_extensionRequest)).hasSize(1);
        }
        assertThat(Files.readString(dir.resolve("lab.key"))).startsWith("-----BEGIN PRIVATE KEY-----");
    }

    @Test
    void showSaysWhatIsWrongWithAPair() throws Exception {
        TestPki.Issued ca = TestPki.ca("CA");
        TestPki.Issued soon = TestPki.issue(ca, "CN=soon", Instant.now().minus(Duration.ofDays(1)), Instant.now().plus(Duration.ofDays(9)));
        Path[] files = soon.write(dir, "soon");
        assertThat(run("cert", "show", files[0].toString(), "--key", files[1].toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("renew it");
        Files.writeString(files[1], TestPki.issue(ca, "CN=other").keyPem());
        assertThat(run("cert", "show", files[0].toString(), "--key", files[1].toString())).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).contains("problem: certificate 'soon.crt': the key does not belong to the certificate");
    }

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        return cli.execute(args);
    }
}
