package io.ductus.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ductus.core.project.BuiltInTypes;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.ProjectShapes;
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
import io.ductus.sdk.config.ConfigField;
import io.ductus.sdk.config.ConfigSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Schemas (draft 2020-12) of the project files, generated from {@link ProjectShapes}, the same
 * description validation uses, so editors and {@code ductus validate} cannot disagree about keys.
 * Connector settings get one {@code if/then} per known type (its {@link ConfigSchema} fields); a type
 * that is not known leaves its settings open.
 */
public final class SchemaGenerator {

    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    /** File name of each schema → the file it describes. */
    public static final Map<String, String> FILES = Map.of(
            "ductus.schema.json", ProjectShapes.DUCTUS_FILE,
            "resources.schema.json", ProjectShapes.RESOURCES_FILE,
            "interface.schema.json", ProjectShapes.INTERFACE_FILE);

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ConnectorTypes types;

    public SchemaGenerator(ConnectorTypes types) {
        this.types = types;
    }

    /** The three schemas by file name ({@code interface.schema.json}, …). */
    public Map<String, ObjectNode> all() {
        Map<String, ObjectNode> schemas = new LinkedHashMap<>();
        schemas.put("ductus.schema.json", document("ductus.yaml", "The engine-wide settings at the project's root.", ProjectShapes.DUCTUS));
        schemas.put("resources.schema.json", document("resources.yaml", "Named connections, so interface code and YAML hold no credentials.",
                ProjectShapes.RESOURCES));
        schemas.put("interface.schema.json", document("interface.yaml", "One interface: interfaces/<name>/interface.yaml.",
                ProjectShapes.INTERFACE));
        return schemas;
    }

    private ObjectNode document(String title, String description, Section root) {
        ObjectNode schema = JSON.objectNode();
        schema.put("$schema", DIALECT);
        schema.put("title", "Ductus " + title);
        schema.put("description", description);
        schema.setAll(shape(root));
        return schema;
    }

    ObjectNode shape(Shape shape) {
        return switch (shape) {
            case Section section -> section(section);
            case NamedEntries entries -> namedEntries(entries);
            case ConnectorBlock block -> connectorBlock(block);
            case Text text -> text(text);
            case WholeNumber number -> wholeNumber(number);
            case Flag flag -> JSON.objectNode().put("type", "boolean");
            case Choice choice -> enumOf(choice.values());
            case ListOf list -> listOf(list);
        };
    }

    /** A list of the item's shape, or one item alone. */
    private ObjectNode listOf(ListOf list) {
        ObjectNode array = JSON.objectNode().put("type", "array").put("minItems", 1);
        array.set("items", shape(list.item()));
        ObjectNode either = JSON.objectNode();
        either.putArray("anyOf").add(shape(list.item())).add(array);
        return either;
    }

    private ObjectNode section(Section section) {
        ObjectNode schema = JSON.objectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        for (Setting setting : section.settings()) properties.set(setting.key(), property(setting));
        ArrayNode required = requiredKeys(section.settings());
        if (!required.isEmpty()) schema.set("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    private ObjectNode property(Setting setting) {
        ObjectNode schema = shape(setting.shape());
        if (!setting.description().isEmpty()) schema.put("description", setting.description());
        if (setting.defaultValue() != null) schema.set("default", value(setting.defaultValue()));
        return schema;
    }

    private ObjectNode namedEntries(NamedEntries entries) {
        ObjectNode schema = JSON.objectNode().put("type", "object");
        schema.putObject("propertyNames").put("pattern", "^" + NamedEntries.NAME.pattern() + "$");
        schema.set("additionalProperties", shape(entries.entry()));
        if (entries.atLeastOne()) schema.put("minProperties", 1);
        return schema;
    }

    private ObjectNode connectorBlock(ConnectorBlock block) {
        ObjectNode object = JSON.objectNode().put("type", "object");
        ObjectNode properties = object.putObject("properties");
        ObjectNode type = properties.putObject("type").put("type", "string")
                .put("description", "The connector type: " + String.join(", ", types.names(block.role()))
                        + (types.complete() ? "" : " or a plugin's type"));
        if (types.complete()) type.set("enum", strings(new ArrayList<>(types.names(block.role()))));
        for (Setting setting : block.engineSettings()) properties.set(setting.key(), property(setting));
        if (block.role() == Role.DESTINATION) {
            // interface: NAME without a type is a route
            object.putArray("anyOf").add(JSON.objectNode().set("required", strings(List.of("type"))))
                    .add(JSON.objectNode().set("required", strings(List.of(BuiltInTypes.TARGET_KEY))));
        } else {
            object.set("required", strings(List.of("type")));
        }
        ArrayNode perType = JSON.arrayNode();
        for (ConnectorType connector : types.all()) {
            if (connector.has(block.role())) perType.add(settingsOf(connector, block));
        }
        if (!perType.isEmpty()) object.set("allOf", perType);
        if (block.shortcut().isEmpty()) return object;
        ObjectNode either = JSON.objectNode();
        either.putArray("anyOf").add(JSON.objectNode().put("const", block.shortcut().get())).add(object);
        return either;
    }

    /** if type is this connector, then its settings, and only them, besides the engine's keys. */
    private ObjectNode settingsOf(ConnectorType connector, ConnectorBlock block) {
        ConfigSchema settings = connector.schema(block.role());
        ObjectNode rule = JSON.objectNode();
        ObjectNode condition = rule.putObject("if");
        condition.putObject("properties").putObject("type").put("const", connector.name());
        // A route's rule also holds when type is left out (interface: NAME alone); every other needs its type.
        if (!(connector.name().equals(BuiltInTypes.ROUTE.name()) && block.role() == Role.DESTINATION)) {
            condition.set("required", strings(List.of("type")));
        }
        ObjectNode then = rule.putObject("then");
        ObjectNode properties = then.putObject("properties");
        List<String> allowed = new ArrayList<>(List.of("type"));
        block.engineSettings().forEach(s -> allowed.add(s.key()));
        List<String> required = new ArrayList<>();
        for (ConfigField field : settings.fields()) {
            properties.set(field.name(), field(field));
            allowed.add(field.name());
            if (field.required()) required.add(field.name());
        }
        if (!required.isEmpty()) then.set("required", strings(required));
        then.putObject("propertyNames").set("enum", strings(allowed));
        return rule;
    }

    private static ObjectNode field(ConfigField field) {
        ObjectNode schema = switch (field.type()) {
            case STRING, HOST_PORT -> JSON.objectNode().put("type", "string");
            case INTEGER -> JSON.objectNode().put("type", "integer");
            case BOOLEAN -> JSON.objectNode().put("type", "boolean");
            case DURATION -> JSON.objectNode().put("type", "string").put("pattern", "^\\s*\\d+\\s*(ms|s|m|h)\\s*$");
            case ENUM -> enumOf(field.allowed());
        };
        if (!field.description().isEmpty()) schema.put("description", field.description());
        if (field.defaultValue() != null) schema.set("default", value(field.defaultValue()));
        return schema;
    }

    private static ObjectNode text(Text text) {
        ObjectNode schema = JSON.objectNode().put("type", "string").put("minLength", 1);
        if (!text.jsonPattern().isEmpty()) schema.put("pattern", text.jsonPattern());
        return schema;
    }

    private static ObjectNode wholeNumber(WholeNumber number) {
        ObjectNode schema = JSON.objectNode().put("type", "integer").put("minimum", number.min());
        if (number.max() != Long.MAX_VALUE) schema.put("maximum", number.max());
        return schema;
    }

    private static ObjectNode enumOf(List<String> values) {
        ObjectNode schema = JSON.objectNode();
        schema.set("enum", strings(values));
        return schema;
    }

    private static ArrayNode requiredKeys(List<Setting> settings) {
        return strings(settings.stream().filter(Setting::required).map(Setting::key).toList());
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode array = JSON.arrayNode();
        values.forEach(array::add);
        return array;
    }

    private static JsonNode value(Object value) {
        return switch (value) {
            case Long l -> JSON.numberNode(l);
            case Integer i -> JSON.numberNode(i);
            case Boolean b -> JSON.booleanNode(b);
            default -> JSON.textNode(value.toString());
        };
    }
}
