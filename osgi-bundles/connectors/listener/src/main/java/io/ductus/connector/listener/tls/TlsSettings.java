package io.ductus.connector.listener.tls;

import io.ductus.connector.listener.AllowList;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one set of settings for who may connect to a listening source and how it connects out, so the MLLP and HTTP
 * connectors say it alike: {@code tls}, {@code tls_client_ca}, {@code tls_client_subjects} and {@code allow} on a
 * source; {@code tls}, {@code tls_ca} and {@code tls_certificate} on a destination.
 */
public final class TlsSettings {

    private TlsSettings() {
    }

    /** A source's settings. */
    public static ConfigSchema.Builder source(ConfigSchema.Builder schema) {
        return schema
                .optional("tls", FieldType.STRING, null, "a certificate pair of resources.yaml: listen with TLS 1.2/1.3 only,"
                        + " presenting it (a renewal on disk is picked up without a restart)")
                .optional("tls_client_ca", FieldType.STRING, null, "a CA of resources.yaml: senders must show a client"
                        + " certificate it issued (with tls)")
                .optional("tls_client_subjects", FieldType.STRING, null, "comma-separated patterns such as CN=lab-gw-*,"
                        + " O=Example Lab, OU=..., DNS=*.lab.example.org; the client certificate must match one")
                .optional("allow", FieldType.STRING, null, "comma-separated addresses, subnets (10.1.0.0/16) and host"
                        + " names that may connect; other connections are closed unread");
    }

    /** A destination's settings ({@code tls} only where the protocol has no https:// of its own). */
    public static ConfigSchema.Builder destination(ConfigSchema.Builder schema, boolean tlsFlag) {
        if (tlsFlag) {
            schema.optional("tls", FieldType.BOOLEAN, false, "connect with TLS 1.2/1.3, the receiver's certificate checked"
                    + " against the system's trusted roots (and tls_ca) and its host name");
        }
        return schema
                .optional("tls_ca", FieldType.STRING, null, "a CA of resources.yaml trusted beside the system's roots (implies TLS)")
                .optional("tls_certificate", FieldType.STRING, null, "a certificate pair of resources.yaml shown as the"
                        + " client certificate (implies TLS)");
    }

    /** Problems the schema cannot see: subject patterns and allow entries that do not parse, client CA without tls. */
    public static List<ConfigProblem> checkSource(ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        config.optionalString("tls_client_subjects").ifPresent(text -> {
            try {
                SubjectPatterns.parse(items(text));
            } catch (IllegalArgumentException e) {
                problems.add(new ConfigProblem("tls_client_subjects", e.getMessage()));
            }
        });
        config.optionalString("allow").ifPresent(text -> {
            try {
                AllowList.of(items(text), line -> { }).close();
            } catch (IllegalArgumentException e) {
                problems.add(new ConfigProblem("allow", e.getMessage()));
            }
        });
        if (config.optionalString("tls").isEmpty() && config.optionalString("tls_client_ca").isPresent()) {
            problems.add(new ConfigProblem("tls_client_ca", "client certificates need TLS: name the listener's pair in tls"));
        }
        if (config.optionalString("tls_client_ca").isEmpty() && config.optionalString("tls_client_subjects").isPresent()) {
            problems.add(new ConfigProblem("tls_client_subjects", "subject patterns need tls_client_ca (the CA that issues them)"));
        }
        return problems;
    }

    /** A source's TLS, when it names a pair. */
    public static Optional<ServerTls> server(ConnectorConfig config, Certificates certificates) {
        return config.optionalString("tls").map(pair -> certificates.server(pair, config.optionalString("tls_client_ca"),
                SubjectPatterns.parse(items(config.optionalString("tls_client_subjects").orElse("")))));
    }

    /** A source's allow list, when it has one (its names looked up when the listener starts). */
    public static Optional<AllowList> allow(ConnectorConfig config, Consumer<String> warn) {
        return config.optionalString("allow").map(text -> AllowList.of(items(text), warn));
    }

    /** A destination's TLS: with {@code tls: true}, a CA or a client certificate named, or {@code always} (https://). */
    public static Optional<ClientTls> client(ConnectorConfig config, Certificates certificates, boolean always) {
        Optional<String> ca = config.optionalString("tls_ca");
        Optional<String> pair = config.optionalString("tls_certificate");
        boolean on = always || ca.isPresent() || pair.isPresent() || (config.has("tls") && config.bool("tls"));
        return on ? Optional.of(certificates.client(ca, pair)) : Optional.empty();
    }

    /** A comma-separated setting's items. */
    public static List<String> items(String text) {
        return Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
