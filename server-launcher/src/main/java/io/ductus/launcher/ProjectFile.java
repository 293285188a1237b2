package io.ductus.launcher;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A YAML file of the project read as a node tree that remembers where each value was written, so that
 * every problem names file, line and field.
 */
final class ProjectFile {

    /** One problem in one file: {@code interfaces/adt/interface.yaml:12:5: ordering.key: …}. */
    record Problem(Path file, int line, int column, String field, String message) {
        @Override
        public String toString() {
            return file + ":" + line + ":" + column + ": " + (field.isEmpty() ? "" : field + ": ") + message;
        }
    }

    private final Path file;
    private final MappingNode root;
    private final List<Problem> problems = new ArrayList<>();

    private ProjectFile(Path file, MappingNode root) {
        this.file = file;
        this.root = root;
    }

    /** Reads the file; a syntax error or a document that is not a mapping becomes a problem with its position. */
    static ProjectFile read(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Node node = new Yaml(new LoaderOptions()).compose(reader);
            if (node == null) return new ProjectFile(file, null);
            if (node instanceof MappingNode mapping) return new ProjectFile(file, mapping);
            ProjectFile result = new ProjectFile(file, null);
            result.problem(node, "", "expected a mapping of settings (key: value) at the top of the file");
            return result;
        } catch (MarkedYAMLException e) {
            ProjectFile result = new ProjectFile(file, null);
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String what = e.getProblem() != null ? e.getProblem() : e.getMessage();
            result.problems.add(new Problem(file, mark == null ? 1 : mark.getLine() + 1, mark == null ? 1 : mark.getColumn() + 1,
                    "", "not valid YAML: " + what));
            return result;
        }
    }

    List<Problem> problems() {
        return problems;
    }

    Path file() {
        return file;
    }

    /** The top-level mapping, or empty when the file is empty or broken. */
    Optional<MappingNode> root() {
        return Optional.ofNullable(root);
    }

    /** The text value at a dotted path ({@code api.listen}); a value of the wrong shape is recorded as a problem. */
    Optional<Scalar> text(String path) {
        Node node = root;
        String[] keys = path.split("\\.");
        for (int i = 0; i < keys.length; i++) {
            if (!(node instanceof MappingNode mapping)) {
                if (node != null) problem(node, String.join(".", java.util.Arrays.copyOf(keys, i)), "expected a mapping");
                return Optional.empty();
            }
            node = child(mapping, keys[i]);
            if (node == null) return Optional.empty();
        }
        if (node instanceof ScalarNode scalar) return Optional.of(new Scalar(scalar.getValue(), scalar));
        problem(node, path, "expected a single value");
        return Optional.empty();
    }

    /** Records a problem for each key of the mapping at {@code path} (empty for the top) not in {@code known}. */
    void allowOnly(String path, List<String> known) {
        Node node = root;
        if (!path.isEmpty()) {
            for (String key : path.split("\\.")) node = node instanceof MappingNode m ? child(m, key) : null;
        }
        if (!(node instanceof MappingNode mapping)) return;
        for (NodeTuple tuple : mapping.getValue()) {
            if (tuple.getKeyNode() instanceof ScalarNode key && !known.contains(key.getValue())) {
                String field = path.isEmpty() ? key.getValue() : path + "." + key.getValue();
                problem(key, field, "unknown setting; expected one of " + String.join(", ", known));
            }
        }
    }

    void problem(Node node, String field, String message) {
        Mark mark = node.getStartMark();
        problems.add(new Problem(file, mark.getLine() + 1, mark.getColumn() + 1, field, message));
    }

    private static Node child(MappingNode mapping, String key) {
        for (NodeTuple tuple : mapping.getValue()) {
            if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) return tuple.getValueNode();
        }
        return null;
    }

    /** A text value and the node it came from (for positions). */
    record Scalar(String value, Node node) {
    }
}
