package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.project.SecretsFile;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The database destination in the real distribution: the interface's code turns each HL7 message into a
 * row, the engine writes it to a resources.yaml database (a SQLite file, or a PostgreSQL server with its
 * password from the secrets file), and a row the database refuses is quarantined with its reason.
 */
class DatabaseDestinationIT {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(Database.class)
    void writes_each_message_as_a_row_and_quarantines_one_the_database_refuses(Database database) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path project = Files.createDirectories(tmp.resolve("project"));
        String url = database == Database.SQLITE ? "sqlite:" + project.resolve("lab.db")
                : PostgresServerUrl.withoutPassword(io.ductus.store.contract.PostgresServer.newDatabase("writer_it"));
        try (Connection c = database.connect(database == Database.SQLITE ? url : PostgresServerUrl.withPassword(url));
             Statement s = c.createStatement()) {
            s.execute("create table results (control_id text primary key, mrn text not null)");
        }
        Files.writeString(project.resolve("resources.yaml"), database == Database.SQLITE
                ? "databases:\n  lab: { url: \"" + url + "\" }\n"
                : "databases:\n  lab: { url: \"" + url + "\", user: postgres, password: \"${secret:LAB_PASSWORD}\" }\n");
        SecretsFile.createKey(tmp.resolve("data"));
        SecretsFile.open(SecretsFile.path(project, "production"), Optional.empty(), tmp.resolve("data")).put("LAB_PASSWORD", "postgres");
        Path folder = Files.createDirectories(project.resolve("interfaces/adt"));
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  results:
                    type: database
                    database: lab
                    statement: "insert into results (control_id, mrn) values (:control, :mrn)"
                    transform: toRow
                """.formatted(port));
        Files.writeString(folder.resolve("transform.js"), """
                export function toRow(msg, meta) {
                  return { control: msg.get('MSH-10'), mrn: msg.get('PID-3') };
                }
                """);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", project.toString(),
                "--data", tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            assertThat(send(port, "M1", "42")).isEqualTo(AckCode.AA);
            assertThat(send(port, "M2", "43")).isEqualTo(AckCode.AA);
            assertThat(send(port, "M1", "44")).as("same control id: the primary key refuses it").isEqualTo(AckCode.AA);

            Eventually.within(Duration.ofSeconds(60), () -> assertThat(deliveries()).hasSize(3).noneMatch(d -> d.startsWith("pending")));
            assertThat(deliveries()).containsExactly("sent null", "sent null", deliveries().get(2));
            assertThat(deliveries().get(2)).startsWith("quarantined database lab: ")
                    .containsAnyOf("UNIQUE constraint failed", "duplicate key value violates unique constraint");
            assertThat(rows(database, url)).containsExactly("M1 42", "M2 43");
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }
    }

    @org.junit.jupiter.api.Test
    void an_array_a_csv_interface_returns_to_a_database_destination_is_delivered_as_json() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        String url = "sqlite:" + project.resolve("lab.db");
        try (Connection c = Database.SQLITE.connect(url); Statement s = c.createStatement()) {
            s.execute("create table results (mrn text, value real)");
        }
        Files.writeString(project.resolve("resources.yaml"), "databases:\n  lab: { url: \"" + url + "\" }\n");
        Path folder = Files.createDirectories(project.resolve("interfaces/labs"));
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: file, folder: in, split: csv, poll: 100ms }
                format: csv
                destinations:
                  results:
                    type: database
                    database: lab
                    statement: "insert into results (mrn, value) values (:mrn, :value)"
                """);
        Files.writeString(folder.resolve("transform.js"), """
                export function transform(rows) {
                  return rows.map(row => ({ mrn: row.mrn, value: Number(row.value) }));
                }
                """);
        Path in = Files.createDirectories(tmp.resolve("data/in"));
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", project.toString(),
                "--data", tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            Files.writeString(in.resolve(".labs.csv.tmp"), "mrn,value\r\n42,5.4\r\n43,6.1\r\n");
            Files.move(in.resolve(".labs.csv.tmp"), in.resolve("labs.csv"));
            Eventually.within(Duration.ofSeconds(60), () -> assertThat(deliveries()).hasSize(2).noneMatch(d -> d.startsWith("pending")));
            assertThat(deliveries()).containsExactly("sent null", "sent null");
            List<String> rows = new ArrayList<>();
            try (Connection c = Database.SQLITE.connect(url); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select mrn, value from results order by mrn")) {
                while (rs.next()) rows.add(rs.getString(1) + " " + rs.getDouble(2));
            }
            assertThat(rows).containsExactly("42 5.4", "43 6.1");
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }
    }

    /** The engine's own deliveries, oldest first: status and last error. */
    private List<String> deliveries() throws Exception {
        List<String> found = new ArrayList<>();
        try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("data/ductus.db"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select status, last_error from deliveries order by message_id")) {
            while (rs.next()) found.add(rs.getString(1) + " " + rs.getString(2));
        }
        return found;
    }

    private static List<String> rows(Database database, String url) throws Exception {
        List<String> found = new ArrayList<>();
        try (Connection c = database.connect(database == Database.SQLITE ? url : PostgresServerUrl.withPassword(url));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select control_id, mrn from results order by control_id")) {
            while (rs.next()) found.add(rs.getString(1) + " " + rs.getString(2));
        }
        return found;
    }

    /** resources.yaml holds no password: the test server's URL without it, and back for the test's own connection. */
    private static final class PostgresServerUrl {
        static String withoutPassword(String url) {
            return url.replace("postgres:postgres@", "");
        }

        static String withPassword(String url) {
            return url.replace("postgres://", "postgres://postgres:postgres@");
        }
    }

    private static AckCode send(int port, String controlId, String mrn) throws IOException {
        String message = "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + controlId + "|P|2.5\rPID|1||" + mrn + "||DOE^JANE\r";
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.UTF_8)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        }
    }
}
