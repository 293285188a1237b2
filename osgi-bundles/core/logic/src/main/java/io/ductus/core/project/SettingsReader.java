package io.ductus.core.project;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.sdk.config.HostPort;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Turns ductus.yaml and resources.yaml that passed the shape check into their records. */
final class SettingsReader {

    private static final long DEFAULT_MAX_CONNECTIONS =
            (Long) ProjectShapes.DATABASE_RESOURCE.find("max_connections").orElseThrow().defaultValue();

    private SettingsReader() {
    }

    static ProjectSettings settings(MapNode root) {
        Optional<HostPort> listen = root.value("api").map(MapNode.class::cast)
                .flatMap(api -> InterfaceReader.text(api, "listen")).map(HostPort::parse);
        Optional<DatabaseSetting> database = InterfaceReader.text(root, "database").map(DatabaseSetting::parse);
        Map<String, String> variables = new LinkedHashMap<>();
        root.value("variables").map(MapNode.class::cast).ifPresent(map -> {
            for (MapNode.Entry entry : map.entries()) variables.put(entry.key(), InterfaceReader.text(map, entry.key()).orElse(""));
        });
        Optional<java.time.ZoneId> zone = InterfaceReader.text(root, "time_zone").map(java.time.ZoneId::of);
        io.ductus.core.alert.AlertSettings alerts = MonitorReader.map(root, "alerts").map(AlertsReader::read)
                .orElse(io.ductus.core.alert.AlertSettings.NONE);
        ProjectSettings.Replay replay = root.value("replay").filter(MapNode.class::isInstance).map(MapNode.class::cast)
                .map(r -> new ProjectSettings.Replay(
                        InterfaceReader.text(r, "keep").map(io.ductus.sdk.config.DurationText::parse).orElse(ProjectSettings.Replay.DEFAULTS.keep()),
                        InterfaceReader.wholeNumber(r, "threads").map(Long::intValue).orElse(ProjectSettings.Replay.DEFAULTS.threads())))
                .orElse(ProjectSettings.Replay.DEFAULTS);
        Optional<Long> bytesInFlightMb = MonitorReader.map(root, "limits").flatMap(limits -> InterfaceReader.wholeNumber(limits, "bytes_in_flight_mb"));
        io.ductus.core.retention.Window retention = InterfaceReader.text(root, "retention")
                .map(io.ductus.core.retention.Window::parse).orElse(io.ductus.core.retention.Window.DEFAULT);
        io.ductus.core.retention.KeepYears auditKeep = root.value("audit").filter(MapNode.class::isInstance).map(MapNode.class::cast)
                .flatMap(a -> InterfaceReader.text(a, "keep")).map(io.ductus.core.retention.KeepYears::parse)
                .orElse(io.ductus.core.retention.KeepYears.DEFAULT);
        ListenerSecurity apiSecurity = root.value("api").filter(MapNode.class::isInstance).map(MapNode.class::cast)
                .map(api -> new ListenerSecurity(InterfaceReader.text(api, "tls"), InterfaceReader.text(api, "tls_client_ca"),
                        ListenerSecurity.items(InterfaceReader.text(api, "tls_client_subjects").orElse(null)),
                        ListenerSecurity.items(InterfaceReader.text(api, "allow").orElse(null))))
                .orElse(ListenerSecurity.NONE);
        return new ProjectSettings(listen, database, variables, zone, alerts, replay, bytesInFlightMb, retention, auditKeep, apiSecurity);
    }

    static Resources resources(MapNode root) {
        Map<String, DatabaseResource> databases = new LinkedHashMap<>();
        root.value("databases").map(MapNode.class::cast).ifPresent(map -> {
            for (MapNode.Entry entry : map.entries()) {
                MapNode db = (MapNode) entry.value();
                databases.put(entry.key(), new DatabaseResource(entry.key(),
                        InterfaceReader.text(db, "url").orElseThrow(),
                        InterfaceReader.text(db, "user"),
                        InterfaceReader.text(db, "password").flatMap(SecretRef::parse),
                        InterfaceReader.wholeNumber(db, "max_connections").orElse(DEFAULT_MAX_CONNECTIONS).intValue()));
            }
        });
        Map<String, CertificateResource> certificates = new LinkedHashMap<>();
        root.value("certificates").map(MapNode.class::cast).ifPresent(map -> {
            for (MapNode.Entry entry : map.entries()) {
                MapNode c = (MapNode) entry.value();
                certificates.put(entry.key(), new CertificateResource(entry.key(), InterfaceReader.text(c, "cert_file"),
                        InterfaceReader.text(c, "cert"), InterfaceReader.text(c, "key_file"), InterfaceReader.text(c, "key"),
                        InterfaceReader.text(c, "ca_file"), InterfaceReader.text(c, "ca")));
            }
        });
        return new Resources(databases, certificates);
    }
}
