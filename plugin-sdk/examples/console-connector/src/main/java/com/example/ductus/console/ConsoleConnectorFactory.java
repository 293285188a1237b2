package com.example.ductus.console;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import org.osgi.service.component.annotations.Component;

/** Registers the {@code console} destination type: drop the built jar into the engine's plugins/ folder. */
@Component(service = ConnectorFactory.class)
public class ConsoleConnectorFactory implements ConnectorFactory {

    static final ConnectorType TYPE = ConnectorType.destination("console",
            "Writes a one-line summary of each message to the engine log (an example plugin).",
            ConfigSchema.builder()
                    .optional("prefix", FieldType.STRING, "", "text written before each summary")
                    .optional("max_chars", FieldType.INTEGER, 80, "how much of the payload to show")
                    .build());

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new ConsoleDestination(config.string("prefix"), (int) config.integer("max_chars"), context.log());
    }
}
