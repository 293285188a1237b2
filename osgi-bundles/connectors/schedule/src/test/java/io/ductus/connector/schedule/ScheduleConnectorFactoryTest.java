package io.ductus.connector.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings the schema alone cannot judge: one of every or cron, a cron that parses, a real time zone. */
class ScheduleConnectorFactoryTest {

    private final ScheduleConnectorFactory factory = new ScheduleConnectorFactory();

    @Test
    void accepts_every_or_cron_with_a_time_zone() {
        assertThat(check(Map.of("every", "5m"))).isEmpty();
        assertThat(check(Map.of("cron", "0 */15 * * * *", "time_zone", "Europe/Berlin"))).isEmpty();
    }

    @Test
    void needs_every_or_cron_and_not_both() {
        assertThat(check(Map.of())).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("every");
            assertThat(p.message()).contains("every: 5m or cron:");
        });
        assertThat(check(Map.of("every", "5m", "cron", "0 * * * * *"))).containsExactly(new ConfigProblem("cron", "give every or cron, not both"));
    }

    @Test
    void refuses_a_malformed_cron_and_an_unknown_time_zone_naming_the_setting() {
        assertThat(check(Map.of("cron", "every quarter hour"))).extracting(ConfigProblem::field).containsExactly("cron");
        assertThat(check(Map.of("cron", "0 * * * * *", "time_zone", "Mars/Olympus"))).singleElement()
                .satisfies(p -> assertThat(p.toString()).isEqualTo("time_zone: not a time zone such as Europe/Berlin or UTC: 'Mars/Olympus'"));
    }

    @Test
    void refuses_an_interval_under_a_second() {
        assertThat(check(Map.of("every", "200ms"))).containsExactly(new ConfigProblem("every", "at least 1s, got 200ms"));
    }

    private List<ConfigProblem> check(Map<String, Object> settings) {
        assertThat(ScheduleConnectorFactory.SOURCE.validate(settings)).isEmpty();
        return factory.check(Role.SOURCE, ConnectorConfig.of(ScheduleConnectorFactory.SOURCE, settings));
    }
}
