package io.ductus.engine.api;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.engine.monitor.EngineMetrics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GET /api/v1/certificates: every certificate the engine presents or checks, with its expiry and the 30-day warning. */
final class CertificateRoutes {

    private final EngineMetrics metrics;
    private final Clock clock;

    CertificateRoutes(EngineMetrics metrics, Clock clock) {
        this.metrics = metrics;
        this.clock = clock;
    }

    Route route() {
        return Route.get("/api/v1/certificates", "listCertificates",
                        "The certificates of resources.yaml in use now (renewals included): subject, expiry, and a warning 30 days ahead")
                .returns(200, "CertificateList").handle((r, c) -> list());
    }

    private ApiResponse list() {
        Instant now = clock.instant();
        List<Map<String, Object>> items = new ArrayList<>();
        Certificates certificates = metrics.certificates();
        for (Certificates.Expiry e : certificates == null ? List.<Certificates.Expiry>of() : certificates.expiries()) {
            long days = Duration.between(now, e.notAfter()).toDays();
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("name", e.name());
            item.put("kind", e.pair() ? "pair" : "ca");
            item.put("subject", e.subject());
            item.put("notAfter", e.notAfter().toString());
            item.put("daysLeft", days);
            item.put("warning", e.notAfter().isBefore(now.plus(Certificates.WARN_AHEAD))
                    ? "expires on " + e.notAfter() + ", within " + Certificates.WARN_AHEAD.toDays() + " days: renew it" : null);
            items.add(item);
        }
        return ApiResponse.json(200, Map.of("items", items));
    }
}
