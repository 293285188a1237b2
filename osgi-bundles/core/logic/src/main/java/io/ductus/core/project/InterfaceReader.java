package io.ductus.core.project;

import io.ductus.store.Durability;

import io.ductus.format.hl7.Hl7Path;
import io.ductus.core.project.shape.ConnectorBlock;
import io.ductus.sdk.config.DurationText;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Turns an interface.yaml that passed the shape check into an {@link InterfaceDefinition}, checking what
 * depends on more than one key: an HL7 interface's ordering key and dedupe must be HL7 paths.
 */
final class InterfaceReader {

    private final FileProblems problems;

    InterfaceReader(FileProblems problems) {
        this.problems = problems;
    }

    /** The definition, or empty when a problem was found. Call only after a clean check (shape and key paths). */
    Optional<InterfaceDefinition> read(String name, MapNode root) {
        Format format = Format.fromWord(text(root, "format").orElseThrow());
        MapNode orderingNode = root.value("ordering").map(MapNode.class::cast).orElse(null);
        Ordering ordering = orderingNode == null ? Ordering.ONE_LANE : new Ordering(
                text(orderingNode, "key"),
                wholeNumber(orderingNode, "partitions").orElse((long) ProjectShapes.DEFAULT_PARTITIONS).intValue());
        Optional<String> dedupe = text(root, "dedupe");
        Map<String, DestinationDefinition> destinations = new LinkedHashMap<>();
        root.value("destinations").map(MapNode.class::cast).ifPresent(given -> {
            for (MapNode.Entry entry : given.entries()) {
                destinations.put(entry.key(), destination(entry.key(), (MapNode) entry.value(), format));
            }
        });
        root.value("destinations").map(MapNode.class::cast).ifPresent(given -> given.entries().forEach(entry ->
                checkTakenFormat(entry.key(), (MapNode) entry.value(), destinations.get(entry.key()))));
        if (!problems.isEmpty()) return Optional.empty();
        return Optional.of(new InterfaceDefinition(name, source(root.value("source").orElseThrow()), format,
                text(root, "charset"),
                text(root, "durability").map(w -> Durability.valueOf(w.toUpperCase(java.util.Locale.ROOT))).orElse(Durability.STRICT),
                ordering, dedupe, destinations,
                text(root, "timeout").map(DurationText::parse).orElse(InterfaceDefinition.DEFAULT_TIMEOUT),
                text(root, "owner"), MonitorReader.expectations(root),
                new InterfaceDefinition.Keeping(text(root, "retention").map(io.ductus.core.retention.Window::parse),
                        text(root, "quarantined").filter("purge"::equals).isPresent())));
    }

    private static SourceDefinition source(Node node) {
        if (node instanceof ScalarNode) return SourceDefinition.INTERNAL;
        MapNode map = (MapNode) node;
        return new SourceDefinition(text(map, "type").orElseThrow(), connectorSettings(map, ProjectShapes.SOURCE));
    }

    private static DestinationDefinition destination(String name, MapNode map, Format interfaceFormat) {
        OptionalInt maxAttempts = map.value("retry").map(MapNode.class::cast)
                .flatMap(retry -> wholeNumber(retry, "max_attempts"))
                .map(n -> OptionalInt.of((int) Math.min(n, Integer.MAX_VALUE))).orElse(OptionalInt.empty());
        // interface: NAME without a type is a route (type: interface)
        String type = text(map, "type").orElseGet(() -> {
            if (map.value(BuiltInTypes.TARGET_KEY).isEmpty()) throw new IllegalStateException("a destination without type passed the shape check");
            return BuiltInTypes.ROUTE.name();
        });
        return new DestinationDefinition(name, type, connectorSettings(map, ProjectShapes.DESTINATION),
                text(map, "transform").map(DestinationTransform::of).orElse(DestinationTransform.DEFAULT),
                text(map, "format").map(Format::fromWord).orElse(BuiltInTypes.input(type).orElse(interfaceFormat)),
                new Retry(maxAttempts),
                map.value("save_output").map(n -> (Boolean) ((ScalarNode) n).value()).orElse(false),
                MonitorReader.destinationBehind(map));
    }

    /** A destination whose type takes one format (database: json) cannot be told to take another. */
    private void checkTakenFormat(String name, MapNode map, DestinationDefinition destination) {
        Optional<Format> taken = BuiltInTypes.input(destination.type());
        map.value("format").filter(node -> taken.isPresent() && destination.outputFormat() != taken.get())
                .ifPresent(node -> problems.add(node.position(), "destinations." + name + ".format", "a " + destination.type()
                        + " destination takes " + taken.get().word() + ": its statement's parameters are bound from a JSON"
                        + " object or array (leave format out)"));
    }

    /** The connector's own settings: everything but type and the engine's keys of that block. */
    private static Map<String, Object> connectorSettings(MapNode map, ConnectorBlock block) {
        Map<String, Object> settings = new LinkedHashMap<>();
        for (MapNode.Entry entry : map.entries()) {
            boolean engineKey = entry.key().equals("type") || block.find(entry.key()).isPresent();
            if (!engineKey) settings.put(entry.key(), entry.value().plain());
        }
        return settings;
    }

    /**
     * An HL7 interface's ordering key and dedupe must be HL7 paths. Checked beside the shape check (not
     * after it) so that these problems are reported together with every other.
     */
    void checkKeyPaths(MapNode root) {
        boolean hl7 = root.value("format").filter(n -> n instanceof ScalarNode s && Format.HL7.word().equals(s.value())).isPresent();
        if (!hl7) return;
        root.value("ordering").filter(MapNode.class::isInstance).map(MapNode.class::cast)
                .ifPresent(ordering -> checkHl7Path(ordering, "key", "ordering.key"));
        checkHl7Path(root, "dedupe", "dedupe");
    }

    private void checkHl7Path(MapNode map, String key, String field) {
        map.value(key).filter(n -> n instanceof ScalarNode s && s.value() instanceof String).ifPresent(node -> {
            try {
                Hl7Path.parse(((ScalarNode) node).text());
            } catch (IllegalArgumentException e) {
                problems.add(node.position(), field, e.getMessage() + " (format is hl7)");
            }
        });
    }

    static Optional<String> text(MapNode map, String key) {
        return map.value(key).map(n -> ((ScalarNode) n).text().strip());
    }

    static Optional<Long> wholeNumber(MapNode map, String key) {
        return map.value(key).flatMap(ShapeChecker::wholeNumberOf);
    }
}
