package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * POST /api/v1/deploy's body ({@code ductus deploy}): only these interfaces (none: every one), what changed,
 * and for interfaces whose folder is gone whether to filter their pending deliveries, and why.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("DeployFromDisk")
public record DeployFromDisk(List<String> interfaces, String message, boolean filterPending, String reason) {

    public DeployFromDisk {
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
    }
}
