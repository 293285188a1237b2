package io.ductus.connector.mllp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.testkit.SenderReply;
import io.ductus.sdk.testkit.SourceContract;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The MLLP listener passes the plugin-sdk source contract, and answers bad input with AR. */
class MllpSourceContractTest extends SourceContract {

    private int port;

    @Override
    protected ConnectorFactory factory() {
        return new MllpConnectorFactory();
    }

    @Override
    protected Map<String, Object> sourceSettings() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        return Map.of("listen", "127.0.0.1:" + port, "max_frame", 4096);
    }

    @Override
    protected byte[] sampleMessage(int n) {
        return ("MSH|^~\\&|SENDER|FAC|DUCTUS|FAC|20261129120000||ADT^A01^ADT_A01|CTRL" + n + "|P|2.5.1\r"
                + "PID|1||" + (1000 + n) + "^^^MRN||DOE^JANE\r").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected SenderReply send(byte[] message) throws IOException {
        byte[] answer;
        try {
            answer = MllpTestPeer.sendAndReceive("127.0.0.1", port, message, (int) ANSWER_WAIT_S * 1000);
        } catch (ConnectException | SocketTimeoutException e) {
            return SenderReply.noAnswer(e.toString());
        }
        if (answer == null) return SenderReply.noAnswer("connection closed");
        Hl7Ack.Reply reply = Hl7Ack.read(answer);
        String detail = new String(answer, StandardCharsets.ISO_8859_1);
        return switch (reply.code()) {
            case AA -> SenderReply.accepted(detail);
            case AE -> SenderReply.retryableError(detail);
            case AR -> SenderReply.rejected(detail);
        };
    }

    @Test
    void answers_input_that_is_not_hl7_with_AR_and_a_reason_and_stays_up() throws Exception {
        SenderReply reply = send("hello, this is not HL7".getBytes(StandardCharsets.UTF_8));
        assertThat(reply.kind()).isEqualTo(SenderReply.Kind.REJECTED);
        assertThat(Hl7Ack.read(reply.detail().getBytes(StandardCharsets.ISO_8859_1)).text().orElseThrow())
                .contains("not an HL7 v2 message").contains("an HL7 message starts with MSH, this one with");
        assertThat(intake.stored()).isEmpty();
        assertThat(send(sampleMessage(1)).kind()).isEqualTo(SenderReply.Kind.ACCEPTED);
    }

    @Test
    void hands_the_intake_the_header_it_read_so_the_message_is_parsed_once() throws Exception {
        assertThat(send(sampleMessage(3)).kind()).isEqualTo(SenderReply.Kind.ACCEPTED);
        io.ductus.format.hl7.Hl7Input read = intake.stored().get(0).hl7().orElseThrow();
        assertThat(read.header().controlId()).hasValue("CTRL3");
        assertThat(read.message(null).get("PID-3.1")).isEqualTo("1003");
    }

    @Test
    void a_connection_closed_inside_a_message_is_logged_once_with_the_sender_and_the_bytes_received() throws Exception {
        String local;
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            local = "127.0.0.1:" + socket.getLocalPort();
            socket.getOutputStream().write(("\u000B" + "MSH|^~\\&|A|B").getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
        }
        String expected = "connection from " + local + " closed in the middle of a message: 12 bytes received";
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(ANSWER_WAIT_S);
        while (context.logLines().stream().noneMatch(l -> l.contains(expected)) && System.nanoTime() < deadline) Thread.sleep(5);
        assertThat(send(sampleMessage(1)).kind()).isEqualTo(SenderReply.Kind.ACCEPTED); // the next connection's message comes after
        assertThat(context.logLines()).filteredOn(l -> l.contains("closed in the middle of a message")).singleElement()
                .asString().startsWith("WARN " + expected).doesNotContain("MSH");
        assertThat(intake.stored()).hasSize(1);
    }

    @Test
    void answers_an_oversize_message_with_AR_naming_the_limit() throws Exception {
        byte[] big = ("MSH|^~\\&|S|F|R|F|2026||ADT^A01|BIG1|P|2.5\rNTE|1||" + "x".repeat(5000) + "\r")
                .getBytes(StandardCharsets.UTF_8);
        SenderReply reply = send(big);
        assertThat(reply.kind()).isEqualTo(SenderReply.Kind.REJECTED);
        Hl7Ack.Reply ack = Hl7Ack.read(reply.detail().getBytes(StandardCharsets.ISO_8859_1));
        assertThat(ack.controlId()).isEqualTo("BIG1");
        assertThat(ack.text().orElseThrow()).contains("at most 4096 (max_frame)");
        assertThat(intake.stored()).isEmpty();
    }

    @Test
    void acknowledges_with_the_message_control_id_and_swapped_applications() throws Exception {
        SenderReply reply = send(sampleMessage(7));
        String ack = reply.detail();
        assertThat(ack).startsWith("MSH|^~\\&|DUCTUS|FAC|SENDER|FAC|").contains("|ACK^A01|").contains("\rMSA|AA|CTRL7");
    }

    @Test
    void once_its_stop_completed_the_port_refuses_connections_at_once() throws Exception {
        io.ductus.sdk.testkit.ListenerStops.refuseConnectionsAtOnce(factory(), port -> Map.of("listen", "127.0.0.1:" + port), 30);
    }
}
