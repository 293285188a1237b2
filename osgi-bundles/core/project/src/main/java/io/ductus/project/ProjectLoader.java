package io.ductus.project;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import io.ductus.core.project.Project;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectFile;
import io.ductus.core.project.ProjectSettings;
import io.ductus.core.project.ProjectShapes;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads a project folder (ARCHITECTURE.md §7) and checks it: ductus.yaml and resources.yaml at the root,
 * and every folder of interfaces/ as an interface with its interface.yaml. The engine, {@code ductus
 * validate} and {@code ductus serve} all load projects here, so they agree on what is valid.
 */
public final class ProjectLoader {

    private ProjectLoader() {
    }

    /**
     * Reads and checks the project.
     *
     * @param folder the project folder
     * @param types  the installed connector types, or {@link ConnectorTypes#unknown()} to leave connector settings unchecked
     * @throws IOException when the folder itself cannot be listed (a file that cannot be read is a problem instead)
     */
    public static LoadedProject load(Path folder, ConnectorTypes types) throws IOException {
        Path root = folder.toAbsolutePath().normalize();
        ProjectCheck check = ProjectValidator.check(read(root), types);
        return new LoadedProject(root, withDatabaseResolved(root, check));
    }

    /**
     * Reads and checks the engine-wide files only (ductus.yaml and resources.yaml): what a command needs to
     * find the API address and the database, without reading every interface (the engine checks those).
     */
    public static LoadedProject loadSettings(Path folder) throws IOException {
        Path root = folder.toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) throw new IOException(root + " is not a folder");
        return new LoadedProject(root, withDatabaseResolved(root, ProjectValidator.check(readSettings(root), ConnectorTypes.unknown())));
    }

    /** Reads the engine-wide files (ductus.yaml and resources.yaml) without checking them; no interfaces. */
    public static ProjectSources readSettings(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) throw new IOException(folder + " is not a folder");
        return new ProjectSources(readFile(folder, ProjectShapes.DUCTUS_FILE), readFile(folder, ProjectShapes.RESOURCES_FILE), Map.of());
    }

    /** Reads the files without checking them. */
    public static ProjectSources read(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) throw new IOException(folder + " is not a folder");
        Map<String, ProjectFile> interfaces = new TreeMap<>();
        Path interfacesFolder = folder.resolve(ProjectShapes.INTERFACES_FOLDER);
        if (Files.isDirectory(interfacesFolder)) {
            try (Stream<Path> children = Files.list(interfacesFolder)) {
                for (Path child : children.filter(Files::isDirectory).sorted().toList()) {
                    String name = child.getFileName().toString();
                    if (name.startsWith(".")) continue;
                    String path = ProjectShapes.INTERFACES_FOLDER + "/" + name + "/" + ProjectShapes.INTERFACE_FILE;
                    interfaces.put(name, readFile(folder, path).orElseGet(() -> missingInterfaceFile(name)));
                }
            }
        }
        return new ProjectSources(readFile(folder, ProjectShapes.DUCTUS_FILE), readFile(folder, ProjectShapes.RESOURCES_FILE), interfaces);
    }

    /** One interface's interface.yaml read from its bytes (a draft's, a deploy's), as the loader reads it from disk. */
    public static ProjectFile interfaceFile(String interfaceName, byte[] yaml) {
        return YamlTreeReader.read(ProjectShapes.INTERFACES_FOLDER + "/" + interfaceName + "/" + ProjectShapes.INTERFACE_FILE, yaml);
    }

    /** What the loader makes of an interface folder without an interface.yaml. */
    public static ProjectFile missingInterfaceFile(String interfaceName) {
        String path = ProjectShapes.INTERFACES_FOLDER + "/" + interfaceName + "/" + ProjectShapes.INTERFACE_FILE;
        return new ProjectFile(path, Optional.empty(), List.of(new Problem(path, Position.START, "",
                "the file is missing; every folder in interfaces/ is an interface and needs one")));
    }

    private static Optional<ProjectFile> readFile(Path folder, String path) {
        Path file = folder.resolve(path);
        if (!Files.isRegularFile(file)) return Optional.empty();
        try {
            return Optional.of(YamlTreeReader.read(path, Files.readAllBytes(file)));
        } catch (IOException e) {
            return Optional.of(new ProjectFile(path, Optional.empty(),
                    List.of(new Problem(path, Position.START, "", "cannot read the file: " + e))));
        }
    }

    /** Keeps today's rule: a relative SQLite path in ductus.yaml is relative to the project folder. */
    private static ProjectCheck withDatabaseResolved(Path folder, ProjectCheck check) {
        ProjectSettings settings = check.project().settings();
        Optional<DatabaseSetting> db = settings.database();
        if (db.isEmpty() || db.get().kind() != DatabaseSetting.Kind.SQLITE || Path.of(db.get().location()).isAbsolute()) {
            return check;
        }
        DatabaseSetting resolved = new DatabaseSetting(db.get().kind(), folder.resolve(db.get().location()).normalize().toString());
        Project project = check.project();
        return new ProjectCheck(new Project(settings.withDatabase(resolved), project.resources(), project.interfaces()), check.problems(),
                check.refused());
    }
}
