package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.engine.EngineSettings;
import io.ductus.engine.EngineStatus;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class AccessTableTest {

    private final Api api = new Api(ApiFixture.idle(), Clock.systemUTC(), "1");

    @Test
    void every_operation_has_a_row_and_every_row_an_operation() {
        assertThat(AccessTable.operations()).containsExactlyInAnyOrderElementsOf(
                api.routes().stream().map(Route::operationId).collect(Collectors.toSet()));
    }

    @Test
    void the_router_refuses_an_operation_without_a_row() {
        Route unlisted = Route.get("/api/v1/unlisted", "getUnlisted", "no row").returns(200, null)
                .handle((r, c) -> ApiResponse.noContent());
        assertThatThrownBy(() -> new Router(List.of(unlisted), null, null))
                .hasMessage("getUnlisted has no row in the access table");
    }

    @Test
    void only_health_readiness_the_description_and_signing_in_are_open() {
        assertThat(AccessTable.operations().stream().filter(op -> AccessTable.requirement(op).orElseThrow().open()))
                .containsExactlyInAnyOrder("getHealth", "getReady", "getOpenApi", "createSession");
    }

    @Test
    void every_schema_a_route_names_exists() {
        var schemas = ApiSchemas.all().keySet();
        for (Route r : api.routes()) {
            if (r.requestBody() != null) assertThat(schemas).as(r.operationId()).contains(r.requestBody());
            r.responses().values().stream().filter(java.util.Objects::nonNull)
                    .forEach(s -> assertThat(schemas).as(r.operationId()).contains(s));
        }
    }
}
