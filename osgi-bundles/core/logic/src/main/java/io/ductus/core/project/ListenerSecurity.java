package io.ductus.core.project;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Who may connect to a listener and how: the API's {@code tls}, {@code tls_client_ca}, {@code tls_client_subjects}
 * and {@code allow} of ductus.yaml (the MLLP and HTTP sources have the same settings, read by their connectors).
 *
 * @param certificate    the pair the listener presents (TLS 1.2 and 1.3), or empty for plain TCP
 * @param clientCa       the CA a client's certificate must be issued by, or empty when none is asked for
 * @param clientSubjects patterns such as {@code CN=lab-*}, one of which the client's certificate must match
 * @param allow          addresses, subnets and host names that may connect (empty: anyone)
 */
public record ListenerSecurity(Optional<String> certificate, Optional<String> clientCa, List<String> clientSubjects,
                               List<String> allow) {

    public static final ListenerSecurity NONE = new ListenerSecurity(Optional.empty(), Optional.empty(), List.of(), List.of());

    public ListenerSecurity {
        Objects.requireNonNull(certificate, "certificate");
        Objects.requireNonNull(clientCa, "clientCa");
        clientSubjects = List.copyOf(clientSubjects);
        allow = List.copyOf(allow);
    }

    /** A comma-separated setting as its items, blanks dropped. */
    public static List<String> items(String text) {
        return text == null ? List.of() : java.util.Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
