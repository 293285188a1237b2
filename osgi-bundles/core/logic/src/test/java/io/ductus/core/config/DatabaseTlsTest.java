package io.ductus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DatabaseTlsTest {

    @Test
    void tls_ca_becomes_the_entrys_file_verified_full_unless_the_url_says_another_mode() {
        assertThat(DatabaseTls.resolve("postgres://u@db.example.org/ductus?pool_size=4&tls_ca=db-ca", n -> Path.of("/p/certs/" + n + ".pem")))
                .isEqualTo("postgres://u@db.example.org/ductus?pool_size=4&sslrootcert=%2Fp%2Fcerts%2Fdb-ca.pem&sslmode=verify-full");
        assertThat(DatabaseTls.resolve("postgres://db/x?tls_ca=db-ca&sslmode=verify-ca", n -> Path.of("/ca.pem")))
                .isEqualTo("postgres://db/x?sslmode=verify-ca&sslrootcert=%2Fca.pem");
        assertThat(DatabaseTls.resolve("postgres://db/x?sslmode=require", n -> Path.of("/never"))).isEqualTo("postgres://db/x?sslmode=require");
        assertThat(DatabaseTls.caName("postgres://db/x?tls_ca=db-ca")).contains("db-ca");
    }

    @Test
    void a_ca_named_and_given_as_a_file_both_is_refused() {
        assertThatThrownBy(() -> DatabaseTls.resolve("postgres://db/x?tls_ca=db-ca&sslrootcert=/ca.pem", n -> Path.of("/ca.pem")))
                .hasMessage("tls_ca and sslrootcert both given: name the CA of resources.yaml, or its file, not both");
    }
}
