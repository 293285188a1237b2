package io.ductus.project;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.ductus.core.project.ListNode;
import io.ductus.core.project.MapNode;
import io.ductus.core.project.Node;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectFile;
import io.ductus.core.project.ScalarNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads YAML text into the core's located node tree by walking Jackson's YAML tokens, so every value
 * keeps the line and column it was written at. Syntax errors, a key written twice and a top level that
 * is not a mapping become problems with their position; nothing is thrown for bad input.
 */
final class YamlTreeReader {

    // "key:" with nothing after it means "not given", as in every YAML tool; without this it reads as "".
    private static final YAMLFactory FACTORY = YAMLFactory.builder().enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL).build();

    private final String path;
    private final List<Problem> problems = new ArrayList<>();

    private YamlTreeReader(String path) {
        this.path = path;
    }

    /**
     * @param path  the file's path relative to the project, for problems
     * @param bytes the file's content (UTF-8, or UTF-16/32 with a byte order mark)
     */
    static ProjectFile read(String path, byte[] bytes) {
        return new YamlTreeReader(path).parse(bytes);
    }

    private ProjectFile parse(byte[] bytes) {
        try (JsonParser parser = FACTORY.createParser(bytes)) {
            JsonToken first = parser.nextToken();
            if (first == null) return new ProjectFile(path, Optional.empty(), problems);
            Node root = node(parser, "");
            if (parser.nextToken() != null) {
                problems.add(problem(parser.currentTokenLocation(), "a file holds one YAML document; remove the second (after ---)"));
            }
            if (root instanceof MapNode map) return new ProjectFile(path, Optional.of(map), problems);
            if (root instanceof ScalarNode scalar && scalar.isNull()) return new ProjectFile(path, Optional.empty(), problems);
            problems.add(new Problem(path, root.position(), "", "expected a mapping of settings (key: value) at the top of the file, got "
                    + root.describe()));
            return new ProjectFile(path, Optional.empty(), problems);
        } catch (JsonProcessingException e) {
            problems.add(problem(e.getLocation(), "not valid YAML: " + firstLine(e.getOriginalMessage())));
            return new ProjectFile(path, Optional.empty(), problems);
        } catch (IOException e) {
            problems.add(new Problem(path, Position.START, "", "cannot read the file: " + e.getMessage()));
            return new ProjectFile(path, Optional.empty(), problems);
        }
    }

    /** The value starting at the parser's current token. */
    private Node node(JsonParser parser, String field) throws IOException {
        Position at = position(parser.currentTokenLocation());
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> mapping(parser, at, field);
            case START_ARRAY -> sequence(parser, at, field);
            case VALUE_STRING -> new ScalarNode(at, parser.getText());
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                    ? new ScalarNode(at, parser.getText()) : new ScalarNode(at, parser.getLongValue());
            case VALUE_NUMBER_FLOAT -> new ScalarNode(at, parser.getDoubleValue());
            case VALUE_TRUE -> new ScalarNode(at, Boolean.TRUE);
            case VALUE_FALSE -> new ScalarNode(at, Boolean.FALSE);
            case VALUE_NULL -> new ScalarNode(at, null);
            default -> new ScalarNode(at, parser.getText());
        };
    }

    private MapNode mapping(JsonParser parser, Position at, String field) throws IOException {
        List<MapNode.Entry> entries = new ArrayList<>();
        Map<String, Position> seen = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            Position keyAt = position(parser.currentTokenLocation());
            String keyField = field.isEmpty() ? key : field + "." + key;
            parser.nextToken();
            Node value = node(parser, keyField);
            Position earlier = seen.putIfAbsent(key, keyAt);
            if (earlier != null) {
                problems.add(new Problem(path, keyAt, keyField, "written twice (first at line " + earlier.line() + "); keep one"));
            } else {
                entries.add(new MapNode.Entry(key, keyAt, value));
            }
        }
        return new MapNode(at, entries);
    }

    private ListNode sequence(JsonParser parser, Position at, String field) throws IOException {
        List<Node> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) items.add(node(parser, field + "[" + items.size() + "]"));
        return new ListNode(at, items);
    }

    private Problem problem(JsonLocation location, String message) {
        return new Problem(path, position(location), "", message);
    }

    private static Position position(JsonLocation location) {
        if (location == null) return Position.START;
        return new Position(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
    }

    /** SnakeYAML's messages repeat the text with a caret below; the first line says what is wrong. */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) return "syntax error";
        String line = message.strip().lines().findFirst().orElse(message);
        return line.endsWith(":") ? line.substring(0, line.length() - 1) : line;
    }
}
