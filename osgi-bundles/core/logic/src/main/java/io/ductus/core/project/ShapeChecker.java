package io.ductus.core.project;

import io.ductus.core.project.shape.Choice;
import io.ductus.core.project.shape.ConnectorBlock;
import io.ductus.core.project.shape.Flag;
import io.ductus.core.project.shape.ListOf;
import io.ductus.core.project.shape.NamedEntries;
import io.ductus.core.project.shape.Section;
import io.ductus.core.project.shape.Setting;
import io.ductus.core.project.shape.Shape;
import io.ductus.core.project.shape.Text;
import io.ductus.core.project.shape.WholeNumber;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks a node tree against a {@link Shape} and records every problem with its position and field:
 * wrong types, values out of range, unknown and missing keys, bad names, and connector settings that
 * the connector type's schema refuses.
 */
final class ShapeChecker {

    private final ConnectorTypes types;
    private final FileProblems problems;

    ShapeChecker(ConnectorTypes types, FileProblems problems) {
        this.types = types;
        this.problems = problems;
    }

    void check(Node node, Shape shape, String field) {
        switch (shape) {
            case Section section -> section(node, section, field);
            case NamedEntries entries -> namedEntries(node, entries, field);
            case ConnectorBlock block -> connectorBlock(node, block, field);
            case Text text -> text(node, text, field);
            case WholeNumber number -> wholeNumber(node, number, field);
            case Flag flag -> flag(node, field);
            case Choice choice -> choice(node, choice, field);
            case ListOf list -> list(node, list, field);
        }
    }

    /** Each item checked at its own position, named {@code field[i]}; a single value is a list of one. */
    private void list(Node node, ListOf list, String field) {
        if (!(node instanceof ListNode items)) {
            check(node, list.item(), field);
            return;
        }
        if (items.items().isEmpty()) {
            problems.add(node.position(), field, "expected " + list.expected() + ", got an empty list");
            return;
        }
        for (int i = 0; i < items.items().size(); i++) check(items.items().get(i), list.item(), field + "[" + i + "]");
    }

    private void section(Node node, Section section, String field) {
        if (!(node instanceof MapNode map)) {
            problems.add(node.position(), field, "expected a mapping (key: value) with the keys " + String.join(", ", section.keys())
                    + ", got " + node.describe());
            return;
        }
        for (MapNode.Entry entry : map.entries()) {
            Optional<Setting> setting = section.find(entry.key());
            if (setting.isEmpty()) {
                problems.add(entry.keyPosition(), FileProblems.join(field, entry.key()),
                        "unknown key; known keys: " + String.join(", ", section.keys()));
            }
        }
        settings(map, section.settings(), field);
    }

    private void settings(MapNode map, Iterable<Setting> settings, String field) {
        for (Setting setting : settings) {
            String path = FileProblems.join(field, setting.key());
            Optional<Node> value = map.value(setting.key());
            if (value.isPresent()) {
                check(value.get(), setting.shape(), path);
            } else if (setting.required()) {
                Position where = map.entry(setting.key()).map(MapNode.Entry::keyPosition).orElse(map.position());
                problems.add(where, path, "required; expected " + setting.shape().expected()
                        + (setting.description().isEmpty() ? "" : " (" + setting.description() + ")"));
            }
        }
    }

    private void namedEntries(Node node, NamedEntries entries, String field) {
        if (!(node instanceof MapNode map)) {
            problems.add(node.position(), field, "expected " + entries.expected() + ", got " + node.describe());
            return;
        }
        if (entries.atLeastOne() && map.entries().isEmpty()) {
            problems.add(map.position(), field, "needs at least one " + entries.what());
        }
        for (MapNode.Entry entry : map.entries()) {
            String path = FileProblems.join(field, entry.key());
            if (!NamedEntries.isName(entry.key())) {
                problems.add(entry.keyPosition(), path, entries.what() + " name must be " + NamedEntries.NAME_RULE
                        + ", got '" + entry.key() + "'");
            }
            check(entry.value(), entries.entry(), path);
        }
    }

    private void connectorBlock(Node node, ConnectorBlock block, String field) {
        if (node instanceof ScalarNode scalar && block.shortcut().isPresent() && block.shortcut().get().equals(scalar.value())) {
            return;
        }
        if (!(node instanceof MapNode map)) {
            problems.add(node.position(), field, "expected " + block.expected() + ", got " + node.describe());
            return;
        }
        Map<String, Object> connectorSettings = new LinkedHashMap<>();
        for (MapNode.Entry entry : map.entries()) {
            String key = entry.key();
            if (key.equals("type") || block.find(key).isPresent()) continue;
            if (ConfigSchema.ENGINE_KEYS.contains(key)) {
                problems.add(entry.keyPosition(), FileProblems.join(field, key), "not a " + block.roleName() + " setting"
                        + (block.engineSettings().isEmpty() ? "" : "; the engine's keys here are type, "
                        + String.join(", ", block.engineSettings().stream().map(Setting::key).toList())));
                continue;
            }
            connectorSettings.put(key, entry.value().plain());
        }
        settings(map, block.engineSettings(), field);
        Optional<Node> typeNode = map.value("type");
        String typeName;
        if (typeNode.isEmpty() && block.role() == Role.DESTINATION && map.value(BuiltInTypes.TARGET_KEY).isPresent()) {
            typeName = BuiltInTypes.ROUTE.name(); // interface: NAME alone is a route
        } else if (typeNode.isEmpty()) {
            problems.add(map.position(), FileProblems.join(field, "type"), "required; the connector type, one of "
                    + String.join(", ", types.names(block.role())));
            return;
        } else if (!(typeNode.get() instanceof ScalarNode typeScalar) || !(typeScalar.value() instanceof String name)) {
            problems.add(typeNode.get().position(), FileProblems.join(field, "type"), "expected a connector type name, got "
                    + typeNode.get().describe());
            return;
        } else {
            typeName = name;
        }
        Position typePosition = typeNode.map(Node::position).orElse(map.position());
        Optional<ConnectorType> type = types.find(typeName);
        if (type.isEmpty()) {
            if (types.complete()) {
                problems.add(typePosition, FileProblems.join(field, "type"), "unknown " + block.roleName() + " type '"
                        + typeName + "'; known types: " + String.join(", ", types.names(block.role())));
            }
            return;
        }
        if (!type.get().has(block.role())) {
            problems.add(typePosition, FileProblems.join(field, "type"), "'" + typeName + "' cannot be a "
                    + block.roleName() + "; " + block.roleName() + " types: " + String.join(", ", types.names(block.role())));
            return;
        }
        List<ConfigProblem> found = type.get().schema(block.role()).validate(connectorSettings);
        // The type's own checks read settings the schema accepted, as the engine's start does.
        if (found.isEmpty()) found = types.settingsProblems(typeName, block.role(), connectorSettings);
        for (ConfigProblem problem : found) {
            // An unknown key is shown at the key, a bad value at the value, a missing key at the block.
            boolean unknownKey = problem.message().startsWith("unknown setting");
            Position where = map.entry(problem.field())
                    .map(e -> unknownKey || e.value() instanceof ScalarNode s && s.isNull() ? e.keyPosition() : e.value().position())
                    .orElse(map.position());
            problems.add(where, FileProblems.join(field, problem.field()), problem.message());
        }
    }

    private void text(Node node, Text text, String field) {
        if (!(node instanceof ScalarNode scalar) || !(scalar.value() instanceof String)) {
            problems.add(node.position(), field, "expected " + text.expected() + ", got " + node.describe());
            return;
        }
        String value = scalar.text();
        if (value.isBlank()) {
            problems.add(node.position(), field, "expected " + text.expected() + ", got an empty text");
            return;
        }
        text.check().apply(value).ifPresent(message -> problems.add(node.position(), field, message));
    }

    private void wholeNumber(Node node, WholeNumber number, String field) {
        Optional<Long> value = wholeNumberOf(node);
        if (value.isEmpty() || value.get() < number.min() || value.get() > number.max()) {
            problems.add(node.position(), field, "expected " + number.expected() + ", got " + node.describe());
        }
    }

    private void flag(Node node, String field) {
        if (!(node instanceof ScalarNode scalar) || !(scalar.value() instanceof Boolean)) {
            problems.add(node.position(), field, "expected true or false, got " + node.describe());
        }
    }

    private void choice(Node node, Choice choice, String field) {
        if (!(node instanceof ScalarNode scalar) || !(scalar.value() instanceof String s) || !choice.values().contains(s)) {
            problems.add(node.position(), field, "expected " + choice.expected() + ", got " + node.describe());
        }
    }

    /** A whole number written as one; a quoted {@code '20'} is text, as the JSON Schemas say too. */
    static Optional<Long> wholeNumberOf(Node node) {
        return node instanceof ScalarNode scalar && scalar.value() instanceof Long l ? Optional.of(l) : Optional.empty();
    }
}
