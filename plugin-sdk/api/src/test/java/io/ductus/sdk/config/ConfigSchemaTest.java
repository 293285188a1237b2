package io.ductus.sdk.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigSchemaTest {

    private final ConfigSchema schema = ConfigSchema.builder()
            .required("listen", FieldType.HOST_PORT, "where to listen")
            .optional("idle_timeout", FieldType.DURATION, "60s", "close idle connections")
            .optional("max_frame", FieldType.INTEGER, 1048576, "largest frame in bytes")
            .optional("tls", FieldType.BOOLEAN, false, "use TLS")
            .oneOf("ack", List.of("original", "enhanced"), "original", "acknowledgement mode")
            .build();

    @Test
    void accepts_valid_settings_and_fills_defaults() {
        ConnectorConfig config = schema.parse(Map.of("listen", "127.0.0.1:6661", "type", "mllp"));

        assertThat(config.hostPort("listen")).isEqualTo(new HostPort("127.0.0.1", 6661));
        assertThat(config.duration("idle_timeout")).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.integer("max_frame")).isEqualTo(1048576L);
        assertThat(config.bool("tls")).isFalse();
        assertThat(config.string("ack")).isEqualTo("original");
    }

    @Test
    void names_every_problem_with_its_field() {
        List<ConfigProblem> problems = schema.validate(Map.of(
                "idle_timeout", "soon", "max_frame", "big", "ack", "fancy", "colour", "blue"));

        assertThat(problems).extracting(ConfigProblem::field)
                .containsExactlyInAnyOrder("colour", "listen", "idle_timeout", "max_frame", "ack");
        assertThat(problems).filteredOn(p -> p.field().equals("idle_timeout")).first()
                .extracting(ConfigProblem::message).asString().contains("'soon'").contains("duration");
        assertThat(problems).filteredOn(p -> p.field().equals("colour")).first()
                .extracting(ConfigProblem::message).asString().contains("unknown setting").contains("listen");
        assertThat(problems).filteredOn(p -> p.field().equals("listen")).first()
                .extracting(ConfigProblem::message).asString().contains("required");
    }

    @Test
    void refuses_to_parse_invalid_settings() {
        assertThatThrownBy(() -> schema.parse(Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("listen");
    }

    @Test
    void refuses_a_default_of_the_wrong_type() {
        assertThatThrownBy(() -> ConfigSchema.builder().optional("t", FieldType.DURATION, "later", "x"))
                .hasMessageContaining("'later'");
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            500ms, 500
            5s,    5000
            2m,    120000
            1h,    3600000
            """)
    void parses_durations(String text, long millis) {
        ConfigSchema s = ConfigSchema.builder().required("d", FieldType.DURATION, "").build();
        assertThat(s.parse(Map.of("d", text)).duration("d")).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            127.0.0.1:6661   | 127.0.0.1 | 6661
            lab.example:7001 | lab.example | 7001
            [::1]:80         | ::1       | 80
            """)
    void parses_host_and_port(String text, String host, int port) {
        assertThat(HostPort.parse(text)).isEqualTo(new HostPort(host, port));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            localhost     | expected host:port
            :80           | expected host:port
            host:x        | port must be a number
            host:70000    | outside 0-65535
            ::1:80        | brackets
            """)
    void refuses_bad_addresses_with_a_reason(String text, String reason) {
        assertThatThrownBy(() -> HostPort.parse(text)).hasMessageContaining(reason);
    }
}
