package io.ductus.connector.file;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/** The {@code file} connector type: one file per message. (The file source arrives with its own issue.) */
@Component(service = ConnectorFactory.class)
public final class FileConnectorFactory implements ConnectorFactory {

    static final ConnectorType TYPE = ConnectorType.destination("file",
            "Writes each message to its own file, under a temporary name first and then renamed into place.",
            ConfigSchema.builder()
                    .required("path", FieldType.STRING, "file path, relative to the data folder, with placeholders such as"
                            + " out/{MSH-10}-{id}.hl7: {id}, {interface}, {destination}, {received:yyyyMMdd} and message fields")
                    .optional("fsync", FieldType.BOOLEAN, true, "force each file and its folder to disk before it counts as sent")
                    .build());

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        try {
            PathTemplate.parse(config.string("path"));
            return List.of();
        } catch (IllegalArgumentException e) {
            return List.of(new ConfigProblem("path", e.getMessage()));
        }
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new FileDestination(PathTemplate.parse(config.string("path")), config.bool("fsync"), context);
    }
}
