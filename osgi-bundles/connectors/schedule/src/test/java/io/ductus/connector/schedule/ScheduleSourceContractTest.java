package io.ductus.connector.schedule;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.testkit.TimedSourceContract;
import java.util.Map;

/** The schedule source passes the plugin-sdk contract for timed sources, on the system clock. */
class ScheduleSourceContractTest extends TimedSourceContract {

    @Override
    protected ConnectorFactory factory() {
        return new ScheduleConnectorFactory();
    }

    @Override
    protected Map<String, Object> sourceSettings() {
        return Map.of("every", "1s");
    }
}
