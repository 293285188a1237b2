package io.ductus.engine.services;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.sql.SqlParameters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A database destination's statement bound to a transform's JSON output, row by row:
 * <ul>
 * <li>an object is one row, its keys bound to the statement's {@code :name} parameters;</li>
 * <li>an array of objects is one row per object, the same way;</li>
 * <li>an array of arrays is one row per inner array, its items bound to {@code $1, $2 …} or {@code ?};</li>
 * <li>an array of plain values is one row bound by position;</li>
 * <li>an empty array is no row at all.</li>
 * </ul>
 * Text, numbers, true/false and null are bound as they are; a nested object or array as its JSON text
 * (cast it in the statement where the column is JSON, such as {@code :doc::jsonb}).
 */
final class DatabaseRows {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DatabaseRows() {
    }

    /** @throws IllegalArgumentException saying what in the output does not fit the statement */
    static List<SqlParameters> bind(String statement, String output) {
        JsonNode root;
        try {
            root = JSON.readTree(output);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the output is not JSON (" + e.getOriginalMessage() + "); a database destination"
                    + " binds its parameters from a JSON object or array, which the transform returns");
        }
        if (root == null || !(root.isObject() || root.isArray())) {
            throw new IllegalArgumentException("the output is " + (root == null ? "empty" : "a JSON " + root.getNodeType().name().toLowerCase())
                    + "; a database destination needs a JSON object (parameters by name) or an array (rows, or parameters by position)");
        }
        boolean named = !SqlParameters.namesIn(statement).isEmpty();
        List<SqlParameters> rows = new ArrayList<>();
        if (root.isObject()) {
            rows.add(row(statement, root, named, 0));
        } else if (root.isEmpty() || root.get(0).isObject() || root.get(0).isArray()) {
            for (int i = 0; i < root.size(); i++) rows.add(row(statement, root.get(i), named, i + 1));
        } else {
            rows.add(row(statement, root, named, 0));
        }
        return rows;
    }

    /** One row: an object by name, an array by position; {@code number} says which item it was (0: the whole output). */
    private static SqlParameters row(String statement, JsonNode row, boolean named, int number) {
        String which = number == 0 ? "the output" : "item " + number + " of the output";
        try {
            if (row.isObject()) {
                if (!named) throw new IllegalArgumentException(which + " is an object, but the statement has no :name parameters");
                Map<String, Object> values = new LinkedHashMap<>();
                row.properties().forEach(e -> values.put(e.getKey(), value(e.getValue())));
                return SqlParameters.bindNamed(statement, values);
            }
            if (row.isArray()) {
                if (named) throw new IllegalArgumentException(which + " is an array, but the statement names its parameters: "
                        + "return an object with the keys " + String.join(", ", SqlParameters.namesIn(statement)));
                List<Object> values = new ArrayList<>();
                row.forEach(v -> values.add(value(v)));
                return SqlParameters.bind(statement, values);
            }
            throw new IllegalArgumentException(which + " is a JSON " + row.getNodeType().name().toLowerCase()
                    + "; each row is an object (parameters by name) or an array (by position)");
        } catch (IllegalArgumentException e) {
            if (e.getMessage().startsWith(which)) throw e;
            throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
        }
    }

    private static Object value(JsonNode v) {
        if (v == null || v.isNull()) return null;
        if (v.isTextual()) return v.textValue();
        if (v.isBoolean()) return v.booleanValue();
        if (v.isIntegralNumber() && v.canConvertToLong()) return v.longValue();
        if (v.isNumber()) return v.decimalValue();
        return v.toString(); // a nested object or array: its JSON text
    }
}
