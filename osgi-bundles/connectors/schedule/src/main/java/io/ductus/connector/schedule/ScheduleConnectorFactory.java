package io.ductus.connector.schedule;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/** The {@code schedule} connector type: a source that stores one message each time a schedule runs. */
@Component(service = ConnectorFactory.class)
public final class ScheduleConnectorFactory implements ConnectorFactory {

    static final Duration SHORTEST_INTERVAL = Duration.ofSeconds(1);

    static final ConfigSchema SOURCE = ConfigSchema.builder()
            .optional("every", FieldType.DURATION, null, "run at start and then every interval, such as 30s, 5m or 1h"
                    + " (give every or cron)")
            .optional("cron", FieldType.STRING, null, "run at the times of a cron expression of six fields, seconds first,"
                    + " such as \"0 */15 * * * *\" (every quarter hour) or \"0 0 2 * * MON-FRI\" (give every or cron)")
            .optional("time_zone", FieldType.STRING, null, "the time zone cron times are read in, such as Europe/Berlin or UTC;"
                    + " the server's time zone when not given")
            .optional("message", FieldType.STRING, RunMessage.DEFAULT_TEMPLATE, "the message each run stores (UTF-8), where"
                    + " {scheduledAt} and {firedAt} become the run's time and the time it was made (ISO-8601, UTC)")
            .build();

    static final ConnectorType TYPE = ConnectorType.source("schedule",
            "Stores one message each time a schedule runs (every interval, or cron times); runs missed while the engine was"
                    + " down collapse into one, and a run is skipped while the previous run's message is still pending.", SOURCE);

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        boolean every = config.has("every");
        boolean cron = config.has("cron");
        if (every == cron) {
            problems.add(new ConfigProblem(every ? "cron" : "every", every ? "give every or cron, not both"
                    : "required: how often to run, as every: 5m or cron: \"0 */15 * * * *\""));
            return problems;
        }
        if (every && config.duration("every").compareTo(SHORTEST_INTERVAL) < 0) {
            problems.add(new ConfigProblem("every", "at least 1s, got " + config.duration("every").toMillis() + "ms"));
        }
        ZoneId zone = null;
        try {
            zone = zone(config);
        } catch (DateTimeException e) {
            problems.add(new ConfigProblem("time_zone", "not a time zone such as Europe/Berlin or UTC: '"
                    + config.optionalString("time_zone").orElse("") + "'"));
        }
        if (every && config.has("time_zone")) {
            problems.add(new ConfigProblem("time_zone", "only cron times are read in a time zone; every counts from the first run"));
        }
        if (cron && zone != null) {
            try {
                Timing.CronTimes.parse(config.string("cron"), zone);
            } catch (IllegalArgumentException e) {
                problems.add(new ConfigProblem("cron", e.getMessage()));
            }
        }
        if (config.string("message").isEmpty()) problems.add(new ConfigProblem("message", "must not be empty"));
        return problems;
    }

    @Override
    public Source createSource(ConnectorConfig config, ConnectorContext context) {
        Timing timing = config.has("every") ? new Timing.Every(config.duration("every"))
                : Timing.CronTimes.parse(config.string("cron"), zone(config));
        return new ScheduleSource(timing, config.string("message"), context, ScheduleSource.Pacing.DEFAULT);
    }

    private static ZoneId zone(ConnectorConfig config) {
        return config.optionalString("time_zone").map(ZoneId::of).orElseGet(ZoneId::systemDefault);
    }
}
