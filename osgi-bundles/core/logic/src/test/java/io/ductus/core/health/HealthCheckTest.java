package io.ductus.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.health.Health.State;
import io.ductus.sdk.ConnectorStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HealthCheckTest {

    @ParameterizedTest(name = "runs={0} paused={1} connector={2} quarantined={3} -> {4}")
    @CsvSource(textBlock = """
            # runs, paused, connector, quarantined, state,   reason
              false, true,  FAILED,    5,           STOPPED, the interface does not run
              true,  true,  FAILED,    5,           PAUSED,  paused by an operator; messages wait
              true,  false, DEGRADED,  5,           ERROR,   the connector reports degraded: peer refuses connections
              true,  false, OK,        5,           ERROR,   5 message(s) quarantined
              true,  false, OK,        0,           OK,
            """)
    void a_destination_shows_the_worst_that_applies(boolean runs, boolean paused, ConnectorStatus connector, long quarantined,
                                                    State state, String reason) {
        assertThat(HealthCheck.destination(runs, paused, connector, "peer refuses connections", quarantined))
                .isEqualTo(new Health(state, reason));
    }

    @Test
    void a_stopped_interface_says_why() {
        assertThat(HealthCheck.ofInterface("waiting for connector type 'sftp'", null, null, Map.of()))
                .isEqualTo(new Health(State.STOPPED, "waiting for connector type 'sftp'"));
    }

    @Test
    void a_running_interface_names_its_worst_destination() {
        Map<String, Health> destinations = new LinkedHashMap<>();
        destinations.put("archive", new Health(State.ERROR, "2 message(s) quarantined"));
        destinations.put("lab", new Health(State.PAUSED, "paused by an operator; messages wait"));
        destinations.put("billing", Health.OK);

        assertThat(HealthCheck.ofInterface(null, ConnectorStatus.OK, null, destinations))
                .isEqualTo(new Health(State.PAUSED, "destination lab: paused by an operator; messages wait"));
    }

    @Test
    void a_failing_source_is_an_error_and_a_closed_one_is_not() {
        assertThat(HealthCheck.ofInterface(null, ConnectorStatus.FAILED, "port 6661 is taken", Map.of("archive", Health.OK)))
                .isEqualTo(new Health(State.ERROR, "source: the connector reports failed: port 6661 is taken"));
        assertThat(HealthCheck.ofInterface(null, null, null, Map.of("archive", Health.OK))).isEqualTo(Health.OK);
    }
}
