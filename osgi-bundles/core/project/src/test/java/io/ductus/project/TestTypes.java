package io.ductus.project;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.FieldType;
import java.util.List;

/** Connector types as plugins would declare them, for tests. */
final class TestTypes {

    static final ConnectorType MLLP = ConnectorType.sourceAndDestination("mllp", "HL7 v2 over MLLP",
            ConfigSchema.builder().required("listen", FieldType.HOST_PORT, "address to listen on")
                    .optional("max_connections", FieldType.INTEGER, 100, "connections at once").build(),
            ConfigSchema.builder().required("connect", FieldType.HOST_PORT, "address to send to")
                    .optional("timeout", FieldType.DURATION, "30s", "how long to wait for the ACK").build());

    static final ConnectorType FILE = ConnectorType.destination("file", "writes files",
            ConfigSchema.builder().required("path", FieldType.STRING, "file name pattern").build());

    static final ConnectorTypes KNOWN = ConnectorTypes.of(List.of(MLLP, FILE));

    private TestTypes() {
    }
}
