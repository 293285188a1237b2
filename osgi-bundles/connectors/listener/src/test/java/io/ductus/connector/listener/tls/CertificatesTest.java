package io.ductus.connector.listener.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;

class CertificatesTest {

    @Test
    void theHandshakesPoolIsSharedByTheListenersAndEndsWithTheCertificates() {
        TestPki.Issued ca = TestPki.ca("Pool CA");
        TestPki.Issued pair = TestPki.issue(ca, "CN=localhost", "localhost");
        Certificates certificates = new Certificates();
        assertThat(certificates.install(List.of(CertificateEntry.pairText("server", pair.chainPem(), pair.keyPem())), Clock.systemUTC(),
                l -> { }, l -> { })).isEmpty();
        certificates.server("server", Optional.empty(), SubjectPatterns.ANY);
        ExecutorService pool = certificates.handshakes();
        certificates.server("server", Optional.empty(), SubjectPatterns.ANY);
        assertThat(certificates.handshakes()).as("one pool for every listener").isSameAs(pool);
        certificates.close(); // what the bundle's deactivation does
        assertThat(pool.isShutdown()).isTrue();
    }

    @Test
    void entriesKeepTheirFileOrderInWhatNamesThem() {
        TestPki.Issued ca = TestPki.ca("Order CA");
        Certificates certificates = new Certificates();
        certificates.install(List.of(CertificateEntry.caText("zeta", ca.chainPem()), CertificateEntry.caText("alpha", ca.chainPem())),
                Clock.systemUTC(), l -> { }, l -> { });
        assertThat(certificates.expiries()).extracting(Certificates.Expiry::name).containsExactly("zeta", "alpha");
        certificates.close();
    }
}
