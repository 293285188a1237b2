package io.ductus.core.project;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A YAML mapping, its entries in file order. */
public record MapNode(Position position, List<Entry> entries) implements Node {

    /** One {@code key: value} with the key's own position (unknown keys are reported there). */
    public record Entry(String key, Position keyPosition, Node value) {
    }

    public MapNode {
        entries = List.copyOf(entries);
    }

    /** The value under a key; empty when the key is absent. A key written twice is reported by the loader. */
    public Optional<Node> get(String key) {
        for (Entry entry : entries) {
            if (entry.key().equals(key)) return Optional.of(entry.value());
        }
        return Optional.empty();
    }

    /** The value under a key, treating {@code key:} with nothing after it as absent. */
    public Optional<Node> value(String key) {
        return get(key).filter(node -> !(node instanceof ScalarNode s && s.isNull()));
    }

    public Optional<Entry> entry(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).findFirst();
    }

    @Override
    public String describe() {
        return "a mapping";
    }

    @Override
    public Map<String, Object> plain() {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Entry entry : entries) map.put(entry.key(), entry.value().plain());
        return map;
    }
}
