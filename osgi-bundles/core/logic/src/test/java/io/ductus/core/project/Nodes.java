package io.ductus.core.project;

import java.util.ArrayList;
import java.util.List;

/** Builds node trees for tests, each key on its own line (the loader's tests check real positions). */
final class Nodes {

    private int line = 1;

    MapNode map(Object... keysAndValues) {
        Position at = new Position(line, 1);
        List<MapNode.Entry> entries = new ArrayList<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            Position keyAt = new Position(line++, 3);
            entries.add(new MapNode.Entry((String) keysAndValues[i], keyAt, node(keysAndValues[i + 1], keyAt)));
        }
        return new MapNode(at, entries);
    }

    private static Node node(Object value, Position keyAt) {
        if (value instanceof Node node) return node;
        Position at = new Position(keyAt.line(), keyAt.column() + 10);
        if (value instanceof Integer i) return new ScalarNode(at, i.longValue());
        return new ScalarNode(at, value);
    }
}
