package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interface with JavaScript in the real distribution: one destination gets the transformed message,
 * messages the code filters are not delivered, and the other destination (no transform function of its
 * own named) gets what the default function returns.
 */
class TransformIT {

    @TempDir
    Path tmp;

    @Test
    void destinations_deliver_what_the_interface_code_returns_and_nothing_it_filters() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path folder = Files.createDirectories(tmp.resolve("project/interfaces/adt"));
        Files.createDirectories(tmp.resolve("project/lib"));
        Files.writeString(tmp.resolve("project/lib/names.js"), "export const upper = (s) => s.toUpperCase();\n");
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  renamed: { type: file, path: "renamed/{id}.hl7", fsync: false, transform: rename }
                  raw: { type: file, path: "raw/{id}.hl7", fsync: false }
                """.formatted(port));
        Files.writeString(folder.resolve("transform.js"), """
                import { upper } from '../../lib/names.js';
                export function rename(msg, meta) {
                  if (msg.get('MSH-9.2') === 'A08') return null;
                  msg.set('PID-5.1', upper(msg.get('PID-5.1')));
                  return msg;
                }
                export function transform(msg) { return msg; }
                """);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", tmp.resolve("project").toString(),
                "--data", tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            assertThat(send(port, "ADT^A01", "M1", "doe")).isEqualTo(AckCode.AA);
            assertThat(send(port, "ADT^A08", "M2", "roe")).isEqualTo(AckCode.AA);

            Eventually.within(Duration.ofSeconds(30), () -> assertThat(tmp.resolve("data/raw/2.hl7")).exists());
            Eventually.within(Duration.ofSeconds(30), () -> assertThat(tmp.resolve("data/renamed/1.hl7")).exists());
            assertThat(Files.readString(tmp.resolve("data/renamed/1.hl7"))).isEqualTo(message("ADT^A01", "M1", "DOE"));
            assertThat(Files.readString(tmp.resolve("data/raw/1.hl7"))).isEqualTo(message("ADT^A01", "M1", "doe"));
            Thread.sleep(500);
            assertThat(tmp.resolve("data/renamed/2.hl7")).as("filtered by the code").doesNotExist();
            assertThat(new ObjectMapper().readTree(ductus.get("/api/v1/engine").body()).path("interfaces").get(0)
                    .path("state").asText()).isEqualTo("running");
            assertThat(ductus.stderr()).doesNotContain("interpreter");
        }
    }

    @Test
    void interface_code_reads_a_database_a_variable_and_a_secret_through_the_engine() throws Exception {
        int port = freePort();
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + project.resolve("lookups.db"));
             java.sql.Statement s = c.createStatement()) {
            s.execute("create table wards (code text primary key, name text)");
            s.execute("insert into wards values ('W1', 'Cardiology'), ('W2', 'Oncology')");
        }
        Files.writeString(project.resolve("ductus.yaml"), "variables:\n  FACILITY: DEFAULT\n");
        Files.writeString(project.resolve("resources.yaml"), "databases:\n  lookups: { url: \"sqlite:lookups.db\" }\n");
        io.ductus.project.SecretsFile.createKey(tmp.resolve("data"));
        io.ductus.project.SecretsFile.open(io.ductus.project.SecretsFile.path(project, "production"), java.util.Optional.empty(),
                tmp.resolve("data")).put("SITE_TOKEN", "tok-9");
        Path folder = Files.createDirectories(project.resolve("interfaces/adt"));
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  out: { type: file, path: "out/{id}.hl7", fsync: false }
                """.formatted(port));
        Files.writeString(folder.resolve("transform.js"), """
                export function transform(msg, meta) {
                  if (!meta.origin.startsWith('remote=127.0.0.1:')) quarantine('origin ' + meta.origin);
                  const [ward] = db('lookups').query('select name from wards where code = $1', [msg.get('PID-3')]);
                  db('lookups').execute('insert into wards values ($1, $2)', [msg.get('MSH-10'), 'seen']);
                  return [ward?.name ?? 'unknown', env('FACILITY'), secret('SITE_TOKEN')].join('|');
                }
                """);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", project.toString(),
                "--data", tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            assertThat(sendText(port, "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|M7|P|2.5\rPID|1||W2||DOE^JANE\r")).isEqualTo(AckCode.AA);
            Eventually.within(Duration.ofSeconds(30), () -> assertThat(tmp.resolve("data/out/1.hl7")).exists());
            assertThat(Files.readString(tmp.resolve("data/out/1.hl7"))).isEqualTo("Oncology|DEFAULT|tok-9");
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + project.resolve("lookups.db"));
             java.sql.ResultSet rs = c.createStatement().executeQuery("select name from wards where code = 'M7'")) {
            assertThat(rs.next()).as("the code's insert was committed").isTrue();
        }
    }

    @Test
    void code_that_runs_past_its_timeout_three_times_stops_only_its_own_interface() throws Exception {
        int loopPort = freePort();
        int calmPort = freePort();
        Path loops = Files.createDirectories(tmp.resolve("project/interfaces/loops"));
        Files.writeString(loops.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                timeout: 300ms
                destinations:
                  out: { type: file, path: "loops/{id}.hl7", fsync: false }
                """.formatted(loopPort));
        Files.writeString(loops.resolve("transform.js"), "export function transform(msg) { while (true) {} }\n");
        Path calm = Files.createDirectories(tmp.resolve("project/interfaces/calm"));
        Files.writeString(calm.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  out: { type: file, path: "calm/{id}.hl7", fsync: false }
                """.formatted(calmPort));
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", tmp.resolve("project").toString(),
                "--data", tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            for (int i = 1; i <= 3; i++) assertThat(send(loopPort, "ADT^A01", "L" + i, "doe")).isEqualTo(AckCode.AA);

            Eventually.within(Duration.ofSeconds(60), () -> assertThat(state(ductus, "loops").path("state").asText()).isEqualTo("stopped"));
            assertThat(state(ductus, "loops").path("reason").asText())
                    .contains("ran past the timeout 3 times in a row").contains("transform.js:1");
            assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);
            assertThat(send(calmPort, "ADT^A01", "C1", "roe")).isEqualTo(AckCode.AA);
            Eventually.within(Duration.ofSeconds(30), () -> assertThat(tmp.resolve("data/calm/4.hl7")).exists());
            assertThat(state(ductus, "calm").path("state").asText()).isEqualTo("running");
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode state(DuctusProcess ductus, String name) throws Exception {
        for (var node : new ObjectMapper().readTree(ductus.get("/api/v1/engine").body()).path("interfaces")) {
            if (node.path("name").asText().equals(name)) return node;
        }
        throw new AssertionError("no interface " + name);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String message(String type, String controlId, String family) {
        return "MSH|^~\\&|T|F|D|F|20261129||" + type + "|" + controlId + "|P|2.5\rPID|1||42||" + family + "^JANE\r";
    }

    private static AckCode send(int port, String type, String controlId, String family) throws IOException {
        return sendText(port, message(type, controlId, family));
    }

    private static AckCode sendText(int port, String message) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.UTF_8)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        }
    }
}
