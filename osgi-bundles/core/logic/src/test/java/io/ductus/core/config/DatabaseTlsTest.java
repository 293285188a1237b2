package io.ductus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatabaseTlsTest {

    @Test
    void tls_ca_becomes_the_entrys_file_verified_full_unless_the_url_says_another_mode() {
        assertThat(DatabaseTls.resolve("postgres://u@db.example.org/ductus?pool_size=4&tls_ca=db-ca", n -> "/p/certs/" + n + ".pem"))
                .isEqualTo("postgres://u@db.example.org/ductus?pool_size=4&sslrootcert=/p/certs/db-ca.pem&sslmode=verify-full");
        assertThat(DatabaseTls.resolve("postgres://db/x?tls_ca=db-ca&sslmode=verify-ca", n -> "/ca.pem"))
                .isEqualTo("postgres://db/x?sslmode=verify-ca&sslrootcert=/ca.pem");
        assertThat(DatabaseTls.resolve("postgres://db/x?sslmode=require", n -> "/never")).isEqualTo("postgres://db/x?sslmode=require");
        assertThat(DatabaseTls.caName("postgres://db/x?tls_ca=db-ca")).contains("db-ca");
    }

    @Test
    void a_path_with_characters_a_query_cannot_hold_is_percent_encoded_and_names_are_decoded() {
        assertThat(DatabaseTls.resolve("postgres://db/x?tls_ca=db%2Dca", n -> n.equals("db-ca") ? "/C:/my certs/a&b.pem" : "?"))
                .isEqualTo("postgres://db/x?sslrootcert=/C%3A/my%20certs/a%26b.pem&sslmode=verify-full");
    }

    @Test
    void a_ca_named_and_given_as_a_file_both_is_refused() {
        assertThatThrownBy(() -> DatabaseTls.resolve("postgres://db/x?tls_ca=db-ca&sslrootcert=/ca.pem", n -> "/ca.pem"))
                .hasMessage("tls_ca and sslrootcert both given: name the CA of resources.yaml, or its file, not both");
    }
}
