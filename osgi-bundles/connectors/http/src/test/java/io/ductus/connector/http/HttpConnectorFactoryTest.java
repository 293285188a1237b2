package io.ductus.connector.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Settings the schema accepts but the factory's own checks refuse, each problem naming its setting. */
class HttpConnectorFactoryTest {

    private final HttpConnectorFactory factory = new HttpConnectorFactory();

    private List<ConfigProblem> check(Role role, Map<String, Object> settings) {
        ConfigSchema schema = HttpConnectorFactory.TYPE.schema(role);
        assertThat(schema.validate(settings)).isEmpty();
        return factory.check(role, ConnectorConfig.of(schema, settings));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            adt          | path    | must start with /
            /adt?x=1     | path    | no query
            /a b         | path    | spaces
            """)
    void refuses_a_path_that_is_not_a_plain_absolute_path(String path, String field, String message) {
        assertThat(check(Role.SOURCE, Map.of("listen", "127.0.0.1:0", "path", path)))
                .singleElement().satisfies(p -> {
                    assertThat(p.field()).isEqualTo(field);
                    assertThat(p.message()).contains(message);
                });
    }

    @Test
    void refuses_unknown_methods_and_media_types_naming_each() {
        Map<String, Object> settings = new HashMap<>(Map.of("listen", "127.0.0.1:0", "methods", "POST, FETCH",
                "content_types", "application/json, json"));
        assertThat(check(Role.SOURCE, settings)).extracting(ConfigProblem::toString).containsExactly(
                "methods: 'FETCH' is not one of DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT",
                "content_types: 'json' is not a media type such as application/json");
    }

    @Test
    void accepts_the_documented_source_example() {
        assertThat(check(Role.SOURCE, Map.of("listen", "0.0.0.0:8080", "path", "/adt", "max_body", 1048576,
                "content_types", "application/hl7-v2", "retry_after", "10s"))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            lab.example.org/orders                | must start with http:// or https://
            ftp://lab.example.org/orders          | must start with http:// or https://
            https://{MSH-4}.example.org/orders    | not in its host or port
            https://lab.example.org/orders/{id    | is not closed
            https://lab.example.org/a b           | not a URL
            """)
    void refuses_a_url_that_cannot_work(String url, String message) {
        assertThat(check(Role.DESTINATION, Map.of("url", url))).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("url");
            assertThat(p.message()).contains(message);
        });
    }

    @Test
    void refuses_headers_the_client_sets_itself_or_that_are_not_name_value_lines() {
        assertThat(check(Role.DESTINATION, Map.of("url", "https://lab.example.org/orders", "headers", "X-Ok: 1\nHost: evil")))
                .extracting(ConfigProblem::toString)
                .containsExactly("headers: line 2 'Host: evil': Host is set by the HTTP client itself");
        assertThat(check(Role.DESTINATION, Map.of("url", "https://lab.example.org/orders", "headers", "no colon here")))
                .extracting(ConfigProblem::toString)
                .containsExactly("headers: line 1 'no colon here': expected Name: value");
    }

    @Test
    void accepts_a_url_template_with_fields_in_path_and_query() {
        assertThat(check(Role.DESTINATION, Map.of("url", "https://lab.example.org:8443/patients/{PID-3.1}?msg={MSH-10}",
                "method", "PUT", "content_type", "application/hl7-v2", "headers", "X-Api-Version: 2"))).isEmpty();
    }

    @Test
    void the_schema_names_a_missing_url() {
        assertThat(HttpConnectorFactory.TYPE.destinationSchema().validate(Map.of()))
                .extracting(ConfigProblem::field).containsExactly("url");
    }
}
