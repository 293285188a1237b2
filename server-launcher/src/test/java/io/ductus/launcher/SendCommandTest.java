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
        assertThat(out.toString()).contains("batch.hl7 #1 (MSH-10 C1): AA", "batch.hl7 #2 (MSH-10 C2): AA", "2 message(s): 2 AA");
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
        assertThat(out.toString()).contains("cannot connect to 127.0.0.1:" + port).contains("1 message(s): 1 not sent");
    }

    @Test
    void the_tally_counts_every_message_of_the_files_when_the_connection_breaks_midway() throws Exception {
        receiver = new ServerSocket(0);
        Thread.ofVirtual().start(() -> {
            try (Socket s = receiver.accept()) {
                InputStream in = new BufferedInputStream(s.getInputStream());
                byte[] m = MllpFraming.readFrame(in, 1 << 20);
                s.getOutputStream().write(MllpFraming.frame(Hl7Ack.build(Hl7Header.read(m), AckCode.AA, "", "R", ZonedDateTime.now())));
                MllpFraming.readFrame(in, 1 << 20); // the second arrives, and the receiver goes away without answering
            } catch (IOException e) {
                // closed
            }
        });
        String three = "MSH|^~\\&|A|F|B|F|2026||ADT^A01|C1|P|2.5\rMSH|^~\\&|A|F|B|F|2026||ADT^A01|C2|P|2.5\r"
                + "MSH|^~\\&|A|F|B|F|2026||ADT^A01|C3|P|2.5\r";
        Path file = Files.writeString(tmp.resolve("three.hl7"), three);
        Path empty = Files.writeString(tmp.resolve("empty.hl7"), "");
        assertThat(run("send", "--port", Integer.toString(receiver.getLocalPort()), file.toString(), empty.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("empty.hl7: no HL7 message", "three.hl7 #2 (MSH-10 C2): no answer")
                .endsWith("3 message(s): 1 AA, 1 unanswered, 1 not sent\n");
    }

    @Test
    void a_big_send_shows_one_progress_line_instead_of_a_line_per_aa() throws Exception {
        startReceiver(AckCode.AA);
        StringBuilder many = new StringBuilder();
        for (int i = 1; i <= 30; i++) many.append("MSH|^~\\&|A|F|B|F|2026||ADT^A01|C").append(i).append("|P|2.5\rPID|").append(i).append('\r');
        Path file = Files.writeString(tmp.resolve("many.hl7"), many);
        assertThat(run("send", "--progress", "--port", Integer.toString(receiver.getLocalPort()), file.toString())).isZero();
        assertThat(out.toString()).doesNotContain("(MSH-10 C1): AA").contains("\rsent ")
                .endsWith("sent 30 of 30 (100 %), 30 AA\n30 message(s): 30 AA\n");
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
