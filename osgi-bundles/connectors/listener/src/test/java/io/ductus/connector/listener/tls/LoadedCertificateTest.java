package io.ductus.connector.listener.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadedCertificateTest {

    @TempDir
    Path dir;

    private final TestPki.Issued ca = TestPki.ca("Test CA");

    @Test
    void aPairFromFilesAndFromTextLoads() throws Exception {
        TestPki.Issued pair = TestPki.issue(ca, "CN=localhost", "localhost");
        Path[] files = pair.write(dir, "server");
        LoadedCertificate fromFiles = LoadedCertificate.load(CertificateEntry.pairFiles("server", files[0], files[1]), Instant.now());
        String pkcs8 = TestPki.pem(new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(pair.keys().getPrivate(), null));
        LoadedCertificate fromText = LoadedCertificate.load(CertificateEntry.pairText("text", pair.chainPem(), pkcs8), Instant.now());
        assertThat(fromFiles.chain()).hasSize(2);
        assertThat(fromText.leaf()).isEqualTo(pair.certificate());
        assertThat(LoadedCertificate.load(CertificateEntry.caText("ca", TestPki.pem(ca.certificate())), Instant.now()).key()).isNull();
    }

    @Test
    void aKeyOfAnotherCertificateIsRefusedNamingTheEntry() {
        TestPki.Issued one = TestPki.issue(ca, "CN=one");
        TestPki.Issued other = TestPki.issue(ca, "CN=other");
        assertThatThrownBy(() -> LoadedCertificate.load(CertificateEntry.pairText("lab", one.chainPem(), other.keyPem()), Instant.now()))
                .hasMessageContaining("certificate 'lab'").hasMessageContaining("the key does not belong to the certificate");
    }

    @Test
    void anExpiredCertificateIsRefused() {
        TestPki.Issued old = TestPki.issue(ca, "CN=old", Instant.now().minus(Duration.ofDays(30)), Instant.now().minus(Duration.ofDays(1)));
        assertThatThrownBy(() -> LoadedCertificate.load(CertificateEntry.pairText("old", old.chainPem(), old.keyPem()), Instant.now()))
                .hasMessageContaining("certificate 'old'").hasMessageContaining("expired on");
    }

    @Test
    void aChainOutOfOrderIsRefused() {
        TestPki.Issued pair = TestPki.issue(ca, "CN=leaf");
        String reversed = TestPki.pem(pair.certificate()) + TestPki.pem(TestPki.ca("Other CA").certificate());
        assertThatThrownBy(() -> LoadedCertificate.load(CertificateEntry.pairText("leaf", reversed, pair.keyPem()), Instant.now()))
                .hasMessageContaining("out of order");
    }

    @Test
    void garbageSaysWhatWasExpected() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.crt"), "not pem");
        assertThatThrownBy(() -> LoadedCertificate.load(CertificateEntry.caFile("bad", bad), Instant.now()))
                .hasMessageContaining("certificate 'bad'").hasMessageContaining("bad.crt");
    }

    @Test
    void installIsAllOrNothingAndEveryProblemNamesItsEntry() {
        TestPki.Issued good = TestPki.issue(ca, "CN=good");
        TestPki.Issued one = TestPki.issue(ca, "CN=one");
        Certificates certificates = new Certificates();
        List<String> problems = certificates.install(List.of(CertificateEntry.pairText("good", good.chainPem(), good.keyPem()),
                CertificateEntry.pairText("broken", one.chainPem(), good.keyPem())), Clock.systemUTC(), l -> { }, l -> { });
        assertThat(problems).singleElement().asString().contains("certificate 'broken'");
        assertThat(certificates.current("good")).isEmpty();
    }

    @Test
    void aRenewalOnDiskReplacesThePairAndABrokenOneIsLoggedOnceAndKeepsTheOld() throws Exception {
        TestPki.Issued first = TestPki.issue(ca, "CN=first");
        Path[] files = first.write(dir, "pair");
        Certificates certificates = new Certificates();
        List<String> warnings = new ArrayList<>();
        assertThat(certificates.install(List.of(CertificateEntry.pairFiles("pair", files[0], files[1])), Clock.systemUTC(), l -> { },
                warnings::add)).isEmpty();
        TestPki.Issued second = TestPki.issue(ca, "CN=second");
        second.write(dir, "pair");
        certificates.checkFiles();
        assertThat(certificates.current("pair").orElseThrow().leaf()).isEqualTo(second.certificate());

        Files.writeString(files[1], first.keyPem()); // a half-done copy: the key of another certificate
        certificates.checkFiles();
        certificates.checkFiles();
        assertThat(certificates.current("pair").orElseThrow().leaf()).isEqualTo(second.certificate());
        assertThat(warnings).filteredOn(w -> w.contains("does not belong")).hasSize(1);
        certificates.close();
    }

    @Test
    void expiryWithinThirtyDaysIsWarnedAbout() {
        TestPki.Issued soon = TestPki.issue(ca, "CN=soon", Instant.now().minus(Duration.ofDays(1)), Instant.now().plus(Duration.ofDays(10)));
        List<String> warnings = new ArrayList<>();
        new Certificates().install(List.of(CertificateEntry.pairText("soon", soon.chainPem(), soon.keyPem())), Clock.systemUTC(),
                l -> { }, warnings::add);
        assertThat(warnings).singleElement().asString().contains("certificate 'soon' expires on").contains("within 30 days");
    }

    @Test
    void subjectPatternsMatchAttributesAndDnsNames() {
        TestPki.Issued lab = TestPki.issue(ca, "CN=lab-gw-01,OU=Interfaces,O=Example Lab", "gw1.lab.example.org");
        assertThat(SubjectPatterns.parse(List.of("CN=lab-gw-*")).matches(lab.certificate())).isTrue();
        assertThat(SubjectPatterns.parse(List.of("O=example lab")).matches(lab.certificate())).isTrue();
        assertThat(SubjectPatterns.parse(List.of("DNS=*.lab.example.org")).matches(lab.certificate())).isTrue();
        assertThat(SubjectPatterns.parse(List.of("CN=pharmacy-*", "OU=Billing")).matches(lab.certificate())).isFalse();
        assertThatThrownBy(() -> SubjectPatterns.parse(List.of("XX=1"))).hasMessageContaining("not a subject pattern");
    }
}
