package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/ready: whether to send the engine work, and every reason why not. */
@ApiSchema("Ready")
public record Ready(String status, List<String> reasons) {
}
