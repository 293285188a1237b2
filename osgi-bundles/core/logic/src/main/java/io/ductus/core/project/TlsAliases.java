package io.ductus.core.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The nested form of TLS settings, {@code tls: { certificate: lab-pair, client_ca: hospital-ca, client_subjects: [CN=lab-*] }}
 * on a source (and ductus.yaml's api:) and {@code tls: { ca: hospital-ca, certificate: partner }} on a destination: an alias
 * of the documented flat keys ({@code tls}, {@code tls_client_ca}, {@code tls_client_subjects}; {@code tls_ca},
 * {@code tls_certificate}), rewritten to them before anything checks the file. The flat entries keep the nested
 * keys' and values' positions, so a problem still names the file and line of what was written.
 */
final class TlsAliases {

    /** A source's (or the API's) nested key and the flat setting it stands for. */
    static final Map<String, String> LISTENER = Map.of("certificate", "tls", "client_ca", "tls_client_ca",
            "client_subjects", "tls_client_subjects");
    /** A destination's nested key and the flat setting it stands for. */
    static final Map<String, String> CONNECTION = Map.of("ca", "tls_ca", "certificate", "tls_certificate");

    private TlsAliases() {
    }

    /** interface.yaml with its source's and destinations' nested tls: rewritten to the flat keys. */
    static MapNode interfaceFile(MapNode root, FileProblems problems) {
        List<MapNode.Entry> entries = new ArrayList<>();
        for (MapNode.Entry e : root.entries()) {
            Node value = e.value();
            if (e.key().equals("source") && value instanceof MapNode source) {
                value = flatten(source, LISTENER, "source", problems);
            } else if (e.key().equals("destinations") && value instanceof MapNode destinations) {
                List<MapNode.Entry> each = new ArrayList<>();
                for (MapNode.Entry d : destinations.entries()) {
                    each.add(d.value() instanceof MapNode destination
                            ? new MapNode.Entry(d.key(), d.keyPosition(), flatten(destination, CONNECTION, "destinations." + d.key(), problems))
                            : d);
                }
                value = new MapNode(destinations.position(), each);
            }
            entries.add(new MapNode.Entry(e.key(), e.keyPosition(), value));
        }
        return new MapNode(root.position(), entries);
    }

    /** ductus.yaml with api:'s nested tls: rewritten to the flat keys. */
    static MapNode ductusFile(MapNode root, FileProblems problems) {
        List<MapNode.Entry> entries = new ArrayList<>();
        for (MapNode.Entry e : root.entries()) {
            entries.add(e.key().equals("api") && e.value() instanceof MapNode api
                    ? new MapNode.Entry(e.key(), e.keyPosition(), flatten(api, LISTENER, "api", problems)) : e);
        }
        return new MapNode(root.position(), entries);
    }

    /** One map's {@code tls: {…}} as flat entries in its place; unchanged when tls is not a map. */
    static MapNode flatten(MapNode settings, Map<String, String> aliases, String field, FileProblems problems) {
        Optional<MapNode.Entry> tls = settings.entry("tls").filter(e -> e.value() instanceof MapNode);
        if (tls.isEmpty()) return settings;
        MapNode nested = (MapNode) tls.get().value();
        List<MapNode.Entry> flat = new ArrayList<>();
        for (MapNode.Entry n : nested.entries()) {
            String key = aliases.get(n.key());
            if (key == null) {
                problems.add(n.keyPosition(), field + ".tls." + n.key(), "not a TLS setting here: write "
                        + aliases.keySet().stream().sorted().collect(Collectors.joining(", ")));
                continue;
            }
            if (!key.equals("tls") && settings.entry(key).isPresent()) {
                problems.add(n.keyPosition(), field + ".tls." + n.key(), "given twice, here and as " + key + ": write one");
                continue;
            }
            flat.add(new MapNode.Entry(key, n.keyPosition(), commaSeparated(n.value())));
        }
        // A destination's tls: { } naming nothing is TLS with the system's roots, as tls: true says.
        if (flat.isEmpty() && nested.entries().isEmpty()) flat.add(new MapNode.Entry("tls", tls.get().keyPosition(), new ScalarNode(nested.position(), true)));
        List<MapNode.Entry> entries = new ArrayList<>();
        for (MapNode.Entry e : settings.entries()) {
            if (e == tls.get()) entries.addAll(flat);
            else entries.add(e);
        }
        return new MapNode(settings.position(), entries);
    }

    /** A list of patterns ({@code client_subjects: [CN=a, O=b]}) as the flat setting's comma-separated text. */
    private static Node commaSeparated(Node value) {
        if (!(value instanceof ListNode list)) return value;
        return new ScalarNode(list.position(), list.items().stream().map(i -> String.valueOf(i.plain())).collect(Collectors.joining(", ")));
    }

    /** Where a flat setting was written: its own key, or its alias in the nested tls: map. */
    static Optional<Position> position(MapNode settings, String flatKey) {
        Optional<Node> own = settings.value(flatKey).filter(n -> !(n instanceof MapNode));
        if (own.isPresent()) return own.map(Node::position);
        return nestedKey(settings, flatKey).flatMap(key -> ((MapNode) settings.value("tls").orElseThrow()).value(key)).map(Node::position);
    }

    /** How a flat setting was written, for a problem's field: {@code tls_client_ca}, or {@code tls.client_ca} in the nested form. */
    static String field(MapNode settings, String flatKey) {
        if (settings.value(flatKey).filter(n -> !(n instanceof MapNode)).isPresent()) return flatKey;
        return nestedKey(settings, flatKey).map(key -> "tls." + key).orElse(flatKey);
    }

    private static Optional<String> nestedKey(MapNode settings, String flatKey) {
        return settings.value("tls").filter(MapNode.class::isInstance).map(MapNode.class::cast).flatMap(nested -> {
            for (Map<String, String> aliases : List.of(LISTENER, CONNECTION)) {
                for (Map.Entry<String, String> a : aliases.entrySet()) {
                    if (a.getValue().equals(flatKey) && nested.value(a.getKey()).isPresent()) return Optional.of(a.getKey());
                }
            }
            return Optional.empty();
        });
    }
}
