package io.ductus.launcher;

import io.ductus.core.project.MapNode;
import io.ductus.core.project.Node;
import io.ductus.core.project.ProjectFile;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ScalarNode;
import io.ductus.project.ProjectLoader;
import io.ductus.sdk.config.HostPort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The example project with another MLLP port ({@code serve --example --mllp-port N}): a copy in the data
 * folder, made afresh at each start, whose MLLP sources listen on that port; the distribution's stays as
 * shipped (it may be read-only, and a second engine may run it as it is).
 */
final class ExampleProject {

    static final String COPY = "example";

    private ExampleProject() {
    }

    /** Copies the example into {@code data/example} with every MLLP source's {@code listen:} port set to {@code port}. */
    static Path withMllpPort(Path example, Path data, int port) throws IOException {
        Path copy = data.resolve(COPY);
        deleteTree(copy);
        copyTree(example, copy);
        ProjectSources sources = ProjectLoader.read(copy);
        for (Map.Entry<String, ProjectFile> entry : sources.interfaces().entrySet()) {
            MapNode source = entry.getValue().root().flatMap(r -> r.value("source")).filter(MapNode.class::isInstance)
                    .map(MapNode.class::cast).orElse(null);
            if (source == null || !source.value("type").map(Node::plain).map("mllp"::equals).orElse(false)) continue;
            if (!(source.value("listen").orElse(null) instanceof ScalarNode listen)) continue;
            HostPort was = HostPort.parse(listen.text());
            replaceAt(copy.resolve(entry.getValue().path()), listen, new HostPort(was.host(), port).toString());
        }
        return copy;
    }

    /** Replaces the scalar written at the node's position (plain or quoted) with the new text. */
    private static void replaceAt(Path file, ScalarNode node, String text) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        int line = node.position().line() - 1;
        int column = node.position().column() - 1;
        String written = lines.get(line);
        int end = written.indexOf(node.text(), column);
        if (end < 0) throw new IOException(file + ":" + (line + 1) + ": cannot find '" + node.text() + "' to change it");
        lines.set(line, written.substring(0, end) + text + written.substring(end + node.text().length()));
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) return;
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
