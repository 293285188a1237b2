package io.ductus.launcher;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.sdk.config.HostPort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The engine-wide settings of a project's ductus.yaml ({@code api.listen}, {@code database}). Problems
 * name file, line and field. A relative SQLite path is taken relative to the project folder.
 */
record ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, List<ProjectFile.Problem> problems) {

    static final String FILE_NAME = "ductus.yaml";

    static ProjectSettings read(Path project) throws IOException {
        Path file = project.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) return new ProjectSettings(Optional.empty(), Optional.empty(), List.of());
        ProjectFile yaml = ProjectFile.read(file);
        yaml.allowOnly("", List.of("api", "database"));
        yaml.allowOnly("api", List.of("listen"));
        Optional<HostPort> listen = yaml.text("api.listen").flatMap(s -> parse(yaml, s, "api.listen", HostPort::parse));
        Optional<DatabaseSetting> database = yaml.text("database")
                .flatMap(s -> parse(yaml, s, "database", DatabaseSetting::parse))
                .map(db -> relativeTo(project, db));
        return new ProjectSettings(listen, database, new ArrayList<>(yaml.problems()));
    }

    private static DatabaseSetting relativeTo(Path project, DatabaseSetting db) {
        if (db.kind() != DatabaseSetting.Kind.SQLITE || Path.of(db.location()).isAbsolute()) return db;
        return new DatabaseSetting(db.kind(), project.resolve(db.location()).normalize().toString());
    }

    private static <T> Optional<T> parse(ProjectFile yaml, ProjectFile.Scalar scalar, String field,
                                         java.util.function.Function<String, T> parser) {
        try {
            return Optional.of(parser.apply(scalar.value()));
        } catch (IllegalArgumentException e) {
            yaml.problem(scalar.node(), field, e.getMessage());
            return Optional.empty();
        }
    }
}
