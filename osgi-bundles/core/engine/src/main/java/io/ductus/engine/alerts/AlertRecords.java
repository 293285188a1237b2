package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertState;
import io.ductus.core.alert.Observation;
import io.ductus.core.alert.Severity;
import io.ductus.store.alert.AlertRecord;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/** The core's {@link AlertState} and the store's {@link AlertRecord}: one alert, two shapes. */
final class AlertRecords {

    private AlertRecords() {
    }

    static AlertState state(AlertRecord r) {
        Set<String> told = r.told().isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(r.told().split(",")));
        return new AlertState(r.target(), AlertState.Status.fromLabel(r.status()), r.state(), r.reason(),
                r.severity() == null ? null : Severity.fromLabel(r.severity()).orElse(Severity.WARNING), r.rule(),
                instant(r.since()), instant(r.firedAt()), instant(r.lastNoticeAt()), instant(r.escalatedAt()),
                instant(r.acknowledgedAt()), r.acknowledgedBy(), instant(r.goodSince()), told, r.episode(), r.rev());
    }

    /** The row for a state decided from {@code from} (null for a target not stored yet): same id and rev. */
    static AlertRecord record(AlertState s, Observation.Kind kind, String interfaceName, AlertRecord from) {
        return new AlertRecord(from == null ? 0 : from.id(), s.target(), kind.label(), interfaceName, s.status().label(), s.state(),
                s.reason(), s.severity() == null ? null : s.severity().label(), s.rule(), millis(s.since()), millis(s.firedAt()),
                millis(s.lastNoticeAt()), millis(s.escalatedAt()), millis(s.acknowledgedAt()), s.acknowledgedBy(),
                millis(s.goodSince()), String.join(",", s.told().stream().sorted().collect(Collectors.toList())), s.episode(),
                from == null ? 0 : from.rev(), 0);
    }

    static Observation.Kind kind(AlertRecord r) {
        return Observation.Kind.valueOf(r.kind().toUpperCase(java.util.Locale.ROOT));
    }

    private static Instant instant(Long ms) {
        return ms == null ? null : Instant.ofEpochMilli(ms);
    }

    private static Long millis(Instant at) {
        return at == null ? null : at.toEpochMilli();
    }
}
