package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interface whose destination type comes from a plugin: it waits for the plugin, runs while it is
 * there, stops gracefully when the jar is removed (its listener closes, nothing acknowledged is lost)
 * and starts again when the jar returns, delivering what was stored meanwhile.
 */
class PluginLifecycleIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(10);

    @TempDir
    Path tmp;

    @Test
    void an_interface_follows_its_plugin_in_and_out_without_losing_messages() throws Exception {
        int port = freePort();
        Path project = tmp.resolve("project");
        Files.createDirectories(project.resolve("interfaces/to-console"));
        Files.writeString(project.resolve("interfaces/to-console/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  console: { type: console, prefix: "seen " }
                """.formatted(port));
        Path plugins = tmp.resolve("plugins");
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--project", project.toString(), "--data",
                tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", plugins.toString())) {
            ductus.awaitStarted();
            Eventually.within(LIMIT, () -> assertThat(state(ductus)).isEqualTo("stopped"));
            assertThat(reason(ductus)).isEqualTo("waiting for connector type 'console'");
            assertThat(send(port, "M1")).as("no listener while the plugin is missing").isNull();

            dropPlugin(plugins);
            Eventually.within(LIMIT, () -> assertThat(state(ductus)).isEqualTo("running"));
            assertThat(send(port, "M2")).isEqualTo(AckCode.AA);
            Eventually.within(LIMIT, () -> assertThat(ductus.stderr()).contains("seen message 1 "));

            Files.delete(plugins.resolve("console-connector.jar"));
            Eventually.within(LIMIT, () -> assertThat(state(ductus)).isEqualTo("stopped"));
            assertThat(reason(ductus)).isEqualTo("waiting for connector type 'console'");
            assertThat(send(port, "M3")).as("the listener closed with the plugin").isNull();
            assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);

            dropPlugin(plugins);
            Eventually.within(LIMIT, () -> assertThat(state(ductus)).isEqualTo("running"));
            assertThat(send(port, "M4")).isEqualTo(AckCode.AA);
            Eventually.within(LIMIT, () -> assertThat(ductus.stderr()).contains("seen message 2 "));
            assertThat(ductus.terminate(Duration.ofSeconds(10))).isZero();
        }
    }

    private static void dropPlugin(Path plugins) throws IOException {
        Files.createDirectories(plugins);
        Path staged = Files.copy(Path.of(System.getProperty("ductus.example.plugin")), plugins.resolve(".console.tmp"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.move(staged, plugins.resolve("console-connector.jar"), StandardCopyOption.ATOMIC_MOVE);
    }

    /** The ACK code, or null when nothing listens. */
    private static AckCode send(int port, String controlId) throws IOException {
        byte[] message = ("MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + controlId + "|P|2.5\rPID|1||42\r").getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        } catch (ConnectException e) {
            return null;
        }
    }

    private static JsonNode iface(DuctusProcess ductus) throws Exception {
        return JSON.readTree(ductus.get("/api/v1/engine").body()).path("interfaces").get(0);
    }

    private static String state(DuctusProcess ductus) throws Exception {
        return iface(ductus).path("state").asText();
    }

    private static String reason(DuctusProcess ductus) throws Exception {
        return iface(ductus).path("reason").asText();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
