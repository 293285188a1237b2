package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.Hl7Header;
import io.ductus.sdk.hl7.MllpFraming;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ductus send} against a real MLLP receiver on a socket. */
class SendCommandTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final List<byte[]> received = new CopyOnWriteArrayList<>();
    private ServerSocket receiver;

    @AfterEach
    void closeReceiver() throws IOException {
        if (receiver != null) receiver.close();
    }

    @Test
    void splits_a_batch_sends_each_message_as_written_and_prints_each_ack() throws Exception {
        startReceiver(AckCode.AA);
        String batch = "FHS|^~\\&\rBHS|^~\\&\rMSH|^~\\&|A|F|B|F|2026||ADT^A01|C1|P|2.5\rPID|1\r"
                + "MSH|^~\\&|A|F|B|F|2026||ADT^A08|C2|P|2.5\rPID|2\rBTS|2\rFTS|1\r";
        Path file = Files.writeString(tmp.resolve("batch.hl7"), batch, StandardCharsets.ISO_8859_1);

        assertThat(run("send", "--port", Integer.toString(receiver.getLocalPort()), file.toString())).isZero();

        assertThat(received).extracting(b -> new String(b, StandardCharsets.ISO_8859_1)).containsExactly(
                "MSH|^~\\&|A|F|B|F|2026||ADT^A01|C1|P|2.5\rPID|1\r", "MSH|^~\\&|A|F|B|F|2026||ADT^A08|C2|P|2.5\rPID|2\r");
        assertThat(out.toString()).contains("batch.hl7 #1 (MSH-10 C1): AA", "batch.hl7 #2 (MSH-10 C2): AA", "2 message(s): {AA=2}");
    }

    @Test
    void exits_1_when_a_message_is_not_accepted() throws Exception {
        startReceiver(AckCode.AE);
        Path file = Files.writeString(tmp.resolve("one.hl7"), "MSH|^~\\&|A|F|B|F|2026||ADT^A01|C9|P|2.5\r");
        assertThat(run("send", "--port", Integer.toString(receiver.getLocalPort()), file.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("one.hl7 (MSH-10 C9): AE busy");
    }

    @Test
    void a_listener_that_is_not_there_is_reported() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path file = Files.writeString(tmp.resolve("one.hl7"), "MSH|^~\\&|A|F|B|F|2026||ADT^A01|C9|P|2.5\r");
        assertThat(run("send", "--port", Integer.toString(port), file.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("cannot connect to 127.0.0.1:" + port);
    }

    private void startReceiver(AckCode code) throws IOException {
        receiver = new ServerSocket(0);
        Thread.ofVirtual().start(() -> {
            try (Socket s = receiver.accept()) {
                InputStream in = new BufferedInputStream(s.getInputStream());
                while (true) {
                    byte[] m = MllpFraming.readFrame(in, 1 << 20);
                    received.add(m);
                    s.getOutputStream().write(MllpFraming.frame(
                            Hl7Ack.build(Hl7Header.read(m), code, code == AckCode.AA ? "" : "busy", "R", ZonedDateTime.now())));
                }
            } catch (EOFException e) {
                // sender done
            } catch (IOException e) {
                // closed
            }
        });
    }

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        return cli.execute(args);
    }
}
