package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/alerts: the alerts that are not ok. */
@ApiSchema("AlertList")
public record AlertList(List<Alert> alerts) {

    public AlertList {
        alerts = alerts == null ? List.of() : List.copyOf(alerts);
    }
}
