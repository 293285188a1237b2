package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/interfaces: whether the engine drains, and every interface. */
@ApiSchema("InterfaceList")
public record InterfaceList(boolean draining, List<InterfaceInfo> interfaces) {

    public InterfaceList {
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
    }
}
