package io.ductus.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.engine.api.ApiResponse;
import io.ductus.engine.api.EngineParts;
import io.ductus.engine.api.EngineRoutes;
import io.ductus.engine.api.Route;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineHealthTest {

    private final EngineSettings settings = EngineSettings.from(Map.of(
            EngineSettings.VERSION, "1.2.3", EngineSettings.PROJECT, "/p", EngineSettings.DATA, "/d",
            EngineSettings.DATABASE, "sqlite:/d/ductus.db", EngineSettings.API_LISTEN, "127.0.0.1:0",
            EngineSettings.PLUGINS, "/plugins")::get);
    private final EngineStatus status = new EngineStatus(settings, Clock.systemUTC());
    private final Route health = new EngineRoutes(new EngineParts(status, List::of, null, List::of, () -> null, null, null, null)).routes().stream()
            .filter(r -> r.operationId().equals("getHealth")).findFirst().orElseThrow();

    @Test
    void answers_503_while_starting() throws Exception {
        assertThat(answer()).isEqualTo("503 {\"status\":\"starting\"}");
    }

    @Test
    void answers_200_ok_once_running() throws Exception {
        status.running();
        assertThat(answer()).isEqualTo("200 {\"status\":\"ok\"}");
    }

    @Test
    void answers_503_while_stopping() throws Exception {
        status.running();
        status.stopping();
        assertThat(answer()).isEqualTo("503 {\"status\":\"stopping\"}");
    }

    private String answer() throws Exception {
        ApiResponse r = health.handler().handle(null, null);
        return r.status() + " " + new String(r.body(), StandardCharsets.UTF_8);
    }
}
