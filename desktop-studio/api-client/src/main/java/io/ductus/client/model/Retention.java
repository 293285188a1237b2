package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/** Retention: the project's default window, audit.keep, what is kept as last counted, the last run, and each interface. */
@ApiSchema("Retention")
public record Retention(@JsonProperty("default") String defaultWindow, String auditKeep, long auditRows, Instant countedAt,
                        long databaseBytes, long freeBytes, RetentionRun lastRun, List<InterfaceRetention> interfaces) {

    public Retention {
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
    }
}
