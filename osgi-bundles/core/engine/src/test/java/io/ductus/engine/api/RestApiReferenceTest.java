package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.engine.EngineSettings;
import io.ductus.engine.EngineStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RestApiReferenceTest {

    /** The module runs its tests in osgi-bundles/core/engine. */
    private static final Path DOC = Path.of("../../../docs/rest-api.md");

    @Test
    void docs_rest_api_md_lists_the_route_table() throws IOException {
        List<Route> routes = new Api(ApiFixture.idle(), Clock.systemUTC(), "1").routes();
        String page = Files.readString(DOC, StandardCharsets.UTF_8);
        String generated = RestApiReference.update(page, routes);
        if (Boolean.getBoolean("ductus.docs.write")) Files.writeString(DOC, generated, StandardCharsets.UTF_8);
        assertThat(page).as("docs/rest-api.md is out of date: run ./mvnw -pl osgi-bundles/core/engine test"
                + " -Dtest=RestApiReferenceTest -Dductus.docs.write=true").isEqualTo(generated);
    }
}
