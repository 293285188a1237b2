package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file source across {@code kill -9} (ARCHITECTURE.md §2.1, issue #7): {@code ductus serve} reads a big
 * CSV file into SQLite and is killed with SIGKILL twice while in the middle of it, then started again.
 * Every row must end up stored exactly once, and the file is moved to the done folder only at the end.
 */
@ExtendWith(EngineLogOnFailure.class)
class FileSourceCrashIT {

    private static final int ROWS = 200_000;

    @TempDir
    Path tmp;

    @Test
    void every_row_is_stored_exactly_once_after_kill_9_in_the_middle_of_a_file() throws Exception {
        Path project = tmp.resolve("project");
        Path data = tmp.resolve("data");
        Path iface = Files.createDirectories(project.resolve("interfaces/files"));
        // The destination is a port nobody listens on: deliveries wait and retry, and take no disk time from intake.
        Files.writeString(iface.resolve("interface.yaml"), """
                source: { type: file, folder: in, split: csv, poll: 100ms }
                format: csv
                destinations:
                  nowhere: { type: mllp, connect: 127.0.0.1:%d }
                """.formatted(Ports.freeBelowEphemeral()));
        String url = "sqlite:" + data.resolve("ductus.db");
        writeRows(Files.createDirectories(data.resolve("in")), "rows.csv");

        long killedAt = 0;
        for (int round = 1; round <= 2; round++) {
            try (DuctusProcess ductus = DuctusProcess.start(tmp, Database.serveArgs(project, data, url).toArray(String[]::new))) {
                ductus.awaitStarted();
                long threshold = killedAt + ROWS / 5;
                long stored = awaitStored(data, threshold);
                ductus.kill();
                killedAt = count(data);
                System.out.printf("FileSourceCrashIT round %d: killed with %d rows stored (saw %d)%n", round, killedAt, stored);
                assertThat(killedAt).as("killed in the middle of the file").isLessThan(ROWS);
                assertThat(data.resolve("in/rows.csv")).as("the file stays until its last row is stored").exists();
            }
        }
        try (DuctusProcess ductus = DuctusProcess.start(tmp, Database.serveArgs(project, data, url).toArray(String[]::new))) {
            ductus.awaitStarted();
            Eventually.within(Duration.ofSeconds(120), () -> assertThat(data.resolve("in/done/rows.csv")).exists());
            assertThat(ductus.stderr()).contains("rows.csv: resuming after record");
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }

        int[] seen = new int[ROWS + 1];
        List<String> problems = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("ductus.db"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT payload FROM messages WHERE interface_name = 'files'")) {
            while (rs.next()) {
                String text = new String(rs.getBytes(1), StandardCharsets.UTF_8);
                String row = text.substring(text.indexOf('\n') + 1);
                seen[Integer.parseInt(row.substring(0, row.indexOf(',')))]++;
            }
        }
        for (int n = 1; n <= ROWS; n++) if (seen[n] != 1) problems.add("row " + n + " stored " + seen[n] + " times");
        assertThat(problems).as("rows not stored exactly once").isEmpty();
    }

    /** A CSV file with a header and numbered rows, one quoted field holding a line break; renamed into place whole. */
    private static void writeRows(Path folder, String name) throws Exception {
        Path temporary = folder.resolve("." + name + ".tmp");
        try (var out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            out.write("id,patient,note\n");
            for (int n = 1; n <= ROWS; n++) {
                out.write(n + ",PAT" + (n % 977) + ",\"row " + n + "\nsecond line\"\n");
            }
        }
        Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    /** Waits until at least {@code rows} are stored; returns how many were seen. */
    private static long awaitStored(Path data, long rows) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            long n = Files.exists(data.resolve("ductus.db")) ? count(data) : 0;
            if (n >= rows) return n;
            assertThat(System.nanoTime()).as("%d rows stored within 120 s (now %d)", rows, n).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    private static long count(Path data) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("ductus.db"));
             Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 5000");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = 'messages'")) {
                if (!rs.next() || rs.getLong(1) == 0) return 0;
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM messages WHERE interface_name = 'files'")) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }
}
