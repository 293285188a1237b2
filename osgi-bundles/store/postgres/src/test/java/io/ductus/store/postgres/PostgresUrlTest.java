package io.ductus.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PostgresUrlTest {

    @Test
    void reads_user_password_host_port_database_and_parameters() {
        PostgresUrl url = PostgresUrl.parse("postgres://ductus:s%40cret@db.example:6543/queue?sslmode=require&pool_size=8");
        assertThat(url.user()).isEqualTo("ductus");
        assertThat(url.password()).isEqualTo("s@cret");
        assertThat(url.host()).isEqualTo("db.example");
        assertThat(url.port()).isEqualTo(6543);
        assertThat(url.database()).isEqualTo("queue");
        assertThat(url.poolSize()).isEqualTo(8);
        assertThat(url.properties()).containsExactly(java.util.Map.entry("sslmode", "require"));
    }

    @Test
    void defaults_port_and_pool_size() {
        PostgresUrl url = PostgresUrl.parse("postgres://u@localhost/db");
        assertThat(url.port()).isEqualTo(5432);
        assertThat(url.poolSize()).isEqualTo(PostgresUrl.DEFAULT_POOL_SIZE);
        assertThat(url.password()).isNull();
    }
}
