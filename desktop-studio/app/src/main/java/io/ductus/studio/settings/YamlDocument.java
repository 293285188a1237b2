package io.ductus.studio.settings;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A YAML file kept as its text: the values at dotted key paths ({@code destinations.lab.path}) read from the
 * text with their places, and a value set or removed by editing only that place, so that comments, order,
 * quoting and the rest of the layout stay as written. Pure: the settings form reads and writes through it.
 */
public final class YamlDocument {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_./@+-]*( [A-Za-z0-9_./@+-]+)*");
    private static final Pattern RESERVED = Pattern.compile("(?i)(true|false|yes|no|on|off|null|~|y|n)");

    /** A scalar value and where it is written: [start, end) in the text, and whether it was quoted. */
    public record Scalar(String value, int start, int end, char quote) {
    }

    /** A mapping's place: its start and end in the text, flow ({@code { a: 1 }}) or block, and the indent of its keys. */
    private record Mapping(MappingNode node, int start, int end, boolean flow, int indent) {
    }

    private final String text;
    private final Node root;
    private final String problem;

    private YamlDocument(String text, Node root, String problem) {
        this.text = text;
        this.root = root;
        this.problem = problem;
    }

    /** Reads the text; a text that is not YAML gives a document without values and with the problem. */
    public static YamlDocument parse(String text) {
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(true);
            Node root = new Yaml(options).compose(new StringReader(text));
            return new YamlDocument(text, root, "");
        } catch (RuntimeException e) {
            String first = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            return new YamlDocument(text, null, "not YAML: " + first);
        }
    }

    public String text() {
        return text;
    }

    /** Why the text is not read (empty when it is). */
    public String problem() {
        return problem;
    }

    /** Every scalar value by dotted key path (lists are not walked into). */
    public Map<String, Scalar> scalars() {
        Map<String, Scalar> found = new LinkedHashMap<>();
        if (root != null) walk(root, "", found);
        return found;
    }

    /** The keys of the mapping at a path (the destinations' names), in the order written. */
    public List<String> keys(String path) {
        Node n = node(path);
        if (!(n instanceof MappingNode m)) return List.of();
        return m.getValue().stream().map(t -> t.getKeyNode() instanceof ScalarNode k ? k.getValue() : "").filter(k -> !k.isEmpty()).toList();
    }

    public Optional<String> value(String path) {
        return node(path) instanceof ScalarNode s ? Optional.of(s.getValue()) : Optional.empty();
    }

    /** The line (from 1) of a path's value, or of the deepest part of it written, for the YAML tab. */
    public int line(String path) {
        Node n = root;
        Node found = root;
        for (String key : path.split("\\.")) {
            if (!(n instanceof MappingNode m)) break;
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) found = t.getKeyNode();
            }
            n = value(m, key);
            if (n == null) break;
        }
        return found == null ? 1 : found.getStartMark().getLine() + 1;
    }

    private static void walk(Node node, String prefix, Map<String, Scalar> found) {
        if (node instanceof ScalarNode s) {
            found.put(prefix, scalar(s));
        } else if (node instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k) walk(t.getValueNode(), prefix.isEmpty() ? k.getValue() : prefix + "." + k.getValue(), found);
            }
        }
    }

    private static Scalar scalar(ScalarNode s) {
        DumperOptions.ScalarStyle style = s.getScalarStyle();
        char quote = style == DumperOptions.ScalarStyle.DOUBLE_QUOTED ? '"' : style == DumperOptions.ScalarStyle.SINGLE_QUOTED ? '\'' : 0;
        return new Scalar(s.getValue(), s.getStartMark().getIndex(), s.getEndMark().getIndex(), quote);
    }

    private Node node(String path) {
        Node n = root;
        if (path.isEmpty()) return n;
        for (String key : path.split("\\.")) {
            if (!(n instanceof MappingNode m)) return null;
            n = value(m, key);
            if (n == null) return null;
        }
        return n;
    }

    private static Node value(MappingNode m, String key) {
        for (NodeTuple t : m.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) return t.getValueNode();
        }
        return null;
    }

    /**
     * The text with the value at this path set: written in place of the old value (in its quotes, if it had them),
     * or added to the nearest mapping that is written (block: a line of its own at its keys' indent; flow: before
     * its closing brace), with the mappings between made as needed. A scalar where a mapping must go (source:
     * internal, then source.type) is replaced by the mapping. An empty value removes the key.
     */
    public String with(String path, String value) {
        return with(path, value, false);
    }

    /** As {@link #with(String, String)}; {@code plain}: a number or a boolean, written as it is (not quoted). */
    public String with(String path, String value, boolean plain) {
        if (value == null || value.isEmpty()) return without(path);
        if (root == null) return text;
        String[] keys = path.split("\\.");
        Node n = root;
        int depth = 0;
        Node parent = null;
        for (; depth < keys.length; depth++) {
            if (!(n instanceof MappingNode m)) break;
            Node next = value(m, keys[depth]);
            if (next == null) break;
            parent = n;
            n = next;
        }
        if (depth == keys.length) {
            if (n instanceof ScalarNode s) {
                Scalar old = scalar(s);
                String written = old.quote() != 0 && !plain ? quoted(value, old.quote()) : write(value, plain);
                return text.substring(0, old.start()) + written + text.substring(old.end());
            }
            return text; // a mapping or a list: edited in the YAML
        }
        if (n instanceof ScalarNode s && parent != null) { // source: internal → source: { type: mllp }
            String inner = nested(keys, depth, value, plain);
            return text.substring(0, s.getStartMark().getIndex()) + "{ " + inner + " }" + text.substring(s.getEndMark().getIndex());
        }
        if (!(n instanceof MappingNode m)) return text;
        return insert(mapping(m), keys, depth, value, plain);
    }

    private Mapping mapping(MappingNode m) {
        boolean flow = m.getFlowStyle() == DumperOptions.FlowStyle.FLOW;
        int indent = m.getValue().isEmpty() ? -1 : m.getValue().getFirst().getKeyNode().getStartMark().getColumn();
        return new Mapping(m, m.getStartMark().getIndex(), m.getEndMark().getIndex(), flow, indent);
    }

    /** {@code a: { b: value }} for the keys from depth on, flow style (one line). */
    private static String nested(String[] keys, int from, String value, boolean plain) {
        StringBuilder b = new StringBuilder(keys[from]).append(": ");
        if (from == keys.length - 1) return b.append(write(value, plain)).toString();
        return b.append("{ ").append(nested(keys, from + 1, value, plain)).append(" }").toString();
    }

    private String insert(Mapping m, String[] keys, int depth, String value, boolean plain) {
        if (m.flow()) {
            int close = text.lastIndexOf('}', m.end() - 1);
            if (close < 0) return text;
            String before = text.substring(0, close).stripTrailing();
            String sep = before.endsWith("{") ? " " : ", ";
            return before + sep + nested(keys, depth, value, plain) + " " + text.substring(close);
        }
        int indent = m.indent() >= 0 ? m.indent() : 2 * depth;
        StringBuilder add = new StringBuilder();
        for (int i = depth; i < keys.length; i++) {
            add.append(" ".repeat(indent + 2 * (i - depth))).append(keys[i]).append(':');
            add.append(i == keys.length - 1 ? " " + write(value, plain) : "").append('\n');
        }
        if (m.node().getValue().isEmpty()) {
            String sep = text.isEmpty() || text.endsWith("\n") ? "" : "\n";
            return text + sep + add;
        }
        int at = lineAfter(lastLine(m.node()));
        if (at >= text.length()) {
            String sep = text.isEmpty() || text.endsWith("\n") ? "" : "\n";
            return text + sep + add;
        }
        return text.substring(0, at) + add + text.substring(at);
    }

    /** The last line (from 0) a node's content is on. */
    private static int lastLine(Node n) {
        if (n instanceof MappingNode m && !m.getValue().isEmpty() && m.getFlowStyle() != DumperOptions.FlowStyle.FLOW) {
            return lastLine(m.getValue().getLast().getValueNode());
        }
        if (n instanceof org.yaml.snakeyaml.nodes.SequenceNode q && !q.getValue().isEmpty() && q.getFlowStyle() != DumperOptions.FlowStyle.FLOW) {
            return lastLine(q.getValue().getLast());
        }
        var endMark = n.getEndMark();
        return endMark.getColumn() == 0 && endMark.getLine() > n.getStartMark().getLine() ? endMark.getLine() - 1 : endMark.getLine();
    }

    /** Where the line after this one starts (the text's length past the end). */
    private int lineAfter(int line) {
        int at = 0;
        for (int i = 0; i <= line; i++) {
            int nl = text.indexOf('\n', at);
            if (nl < 0) return text.length();
            at = nl + 1;
        }
        return at;
    }

    /** The text without the key at this path (its line, in a block mapping; its entry, in a flow one). */
    public String without(String path) {
        int dot = path.lastIndexOf('.');
        Node parentNode = node(dot < 0 ? "" : path.substring(0, dot));
        if (!(parentNode instanceof MappingNode m)) return text;
        String key = path.substring(dot + 1);
        for (int i = 0; i < m.getValue().size(); i++) {
            NodeTuple t = m.getValue().get(i);
            if (!(t.getKeyNode() instanceof ScalarNode k) || !k.getValue().equals(key)) continue;
            int start = t.getKeyNode().getStartMark().getIndex();
            int end = t.getValueNode().getEndMark().getIndex();
            if (m.getFlowStyle() == DumperOptions.FlowStyle.FLOW) {
                int comma = text.indexOf(',', end);
                int close = text.indexOf('}', end);
                if (comma >= 0 && comma < close) return text.substring(0, start) + text.substring(comma + 1).stripLeading();
                int before = text.lastIndexOf(',', start);
                int open = text.lastIndexOf('{', start);
                if (before > open) return text.substring(0, before) + text.substring(end);
                return text.substring(0, start) + text.substring(end).stripLeading();
            }
            int lineStart = text.lastIndexOf('\n', start - 1) + 1;
            int lineEnd = text.indexOf('\n', Math.max(end - 1, start));
            if (t.getValueNode() instanceof ScalarNode) lineEnd = text.indexOf('\n', end);
            return text.substring(0, lineStart) + (lineEnd < 0 ? "" : text.substring(lineEnd + 1));
        }
        return text;
    }

    /** A value as YAML writes it: plain when it reads back as the same text (or is meant plain: a number, a boolean), else in double quotes. */
    static String write(String value, boolean plain) {
        if (plain || PLAIN.matcher(value).matches() && !RESERVED.matcher(value).matches()) return value;
        return quoted(value, '"');
    }

    private static String quoted(String value, char quote) {
        if (quote == '\'') return "'" + value.replace("'", "''") + "'";
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
