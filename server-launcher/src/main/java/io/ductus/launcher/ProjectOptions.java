package io.ductus.launcher;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.project.ProjectSettings;
import io.ductus.core.project.ProjectShapes;
import io.ductus.project.LoadedProject;
import io.ductus.project.ProjectLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Which project, data folder and database a command works on: {@code ductus serve} and the commands that
 * work on the server's database directly (user, token) resolve them the same way, so they meet the same
 * database: the command line, else ductus.yaml, else {@code sqlite:<data>/ductus.db}.
 */
final class ProjectOptions {

    @Option(names = "--project", paramLabel = "DIR", description = "The project folder (default: the current folder).")
    Path project;

    @Option(names = "--example", description = "Use the example project shipped with the distribution.")
    boolean example;

    @Option(names = "--data", paramLabel = "DIR", description = "Where the engine keeps its state (default: ./data).")
    Path data = Path.of("data");

    @Option(names = "--database", paramLabel = "URL",
            description = "sqlite:<path> or postgres://user:pass@host:port/db (default: ductus.yaml, else sqlite:<data>/ductus.db).")
    String database;

    Path projectFolder() {
        if (example && project != null) throw new BadArgumentException("--example and --project cannot be used together");
        Path folder = (example ? Distribution.example() : project == null ? Path.of("") : project).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) throw new BadArgumentException("--project: " + folder + " is not a folder");
        return folder;
    }

    Path dataFolder() {
        Path folder = data.toAbsolutePath().normalize();
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new BadArgumentException("--data: " + folder + " exists and is not a folder");
        }
        return folder;
    }

    /** The command line's --database, checked; null when it is not given. */
    DatabaseSetting databaseOption() {
        if (database == null) return null;
        try {
            return DatabaseSetting.parse(database);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException("--database: " + e.getMessage());
        }
    }

    /**
     * The project's settings (ductus.yaml and resources.yaml), failing with every problem printed when they
     * are broken. The interfaces are the engine's to read and check.
     */
    static LoadedProject load(Path projectFolder, PrintWriter err) throws IOException {
        LoadedProject loaded = ProjectLoader.loadSettings(projectFolder);
        if (!loaded.engineProblems().isEmpty()) {
            loaded.engineProblems().forEach(err::println);
            throw new IllegalStateException("fix " + ProjectShapes.DUCTUS_FILE + " and " + ProjectShapes.RESOURCES_FILE
                    + " and start again (ductus validate lists every problem)");
        }
        return loaded;
    }

    /** The database: --database, else ductus.yaml's, else the data folder's SQLite file; SQLite paths made absolute. */
    static DatabaseSetting resolve(DatabaseSetting fromCommandLine, ProjectSettings fromFile, Path dataFolder) {
        DatabaseSetting db = fromCommandLine != null ? fromCommandLine
                : fromFile.database().orElse(DatabaseSetting.defaultIn(dataFolder.toString()));
        if (db.kind() == DatabaseSetting.Kind.SQLITE) {
            db = new DatabaseSetting(db.kind(), Path.of(db.location()).toAbsolutePath().normalize().toString());
        }
        return db;
    }

    /** Everything at once, for the commands that only need the database. */
    DatabaseSetting database(PrintWriter err) throws IOException {
        DatabaseSetting fromCommandLine = databaseOption();
        Path dataFolder = dataFolder();
        LoadedProject loaded = load(projectFolder(), err);
        return DatabaseCa.resolve(resolve(fromCommandLine, loaded.project().settings(), dataFolder), loaded.project().resources(),
                projectFolder(), dataFolder);
    }
}
