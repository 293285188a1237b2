package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database source in the real distribution: new rows of a resources.yaml database become JSON messages
 * written out as files; after the engine is killed and started again it goes on from the saved cursor,
 * so each row is stored exactly once.
 */
class DatabaseSourceIT {

    @TempDir
    Path tmp;

    @Test
    void stores_each_new_row_once_across_a_kill_and_a_restart() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        String url = "sqlite:" + project.resolve("lab.db");
        sql(url, "create table results (id integer primary key, mrn text not null)");
        insert(url, 1, 3);
        Files.writeString(project.resolve("resources.yaml"), "databases:\n  lab: { url: \"" + url + "\" }\n");
        Path folder = Files.createDirectories(project.resolve("interfaces/lab-results"));
        Files.writeString(folder.resolve("interface.yaml"), """
                source:
                  type: database
                  database: lab
                  query: "select id, mrn from results where id > :cursor order by id"
                  cursor: id
                  every: 200ms
                format: json
                destinations:
                  archive: { type: file, path: "out/{id}.json", fsync: false }
                """);
        String[] serve = {"serve", "--project", project.toString(), "--data", tmp.resolve("data").toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString()};

        try (DuctusProcess ductus = DuctusProcess.start(tmp, serve)) {
            ductus.awaitStarted();
            Eventually.within(Duration.ofSeconds(60), () -> assertThat(files()).hasSize(3));
            ductus.kill();
        }
        insert(url, 4, 6);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, serve)) {
            ductus.awaitStarted();
            Eventually.within(Duration.ofSeconds(60), () -> assertThat(files()).hasSize(6));
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }

        assertThat(storedIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(Files.readString(tmp.resolve("data/out").resolve(files().get(0)))).isEqualTo("{\"id\":1,\"mrn\":\"M1\"}");
    }

    private List<String> files() throws Exception {
        Path out = tmp.resolve("data/out");
        if (!Files.isDirectory(out)) return List.of();
        try (Stream<Path> files = Files.list(out)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }

    /** The id column of every message the engine stored, in the order it stored them. */
    private List<Long> storedIds() throws Exception {
        List<Long> ids = new ArrayList<>();
        try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("data/ductus.db"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select payload from messages order by id")) {
            while (rs.next()) {
                String json = new String(rs.getBytes(1), java.nio.charset.StandardCharsets.UTF_8);
                ids.add(Long.parseLong(json.replaceAll("^\\{\"id\":(\\d+),.*$", "$1")));
            }
        }
        return ids;
    }

    private static void insert(String url, int from, int to) throws Exception {
        for (int id = from; id <= to; id++) sql(url, "insert into results (id, mrn) values (" + id + ", 'M" + id + "')");
    }

    private static void sql(String url, String statement) throws Exception {
        try (Connection c = Database.SQLITE.connect(url); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
