package io.ductus.connector.mllp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.listener.ListenerLimits;
import io.ductus.format.ack.AckCode;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.mllp.MllpFraming;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.testkit.SenderReply;
import io.ductus.sdk.testkit.SourceContract;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MLLP listener passes the plugin-sdk source contract, and answers bad input with AR: what is not HL7, a
 * frame too large (as soon as it passes max_frame), one cut short by end bytes inside it; AE past the engine's
 * budget of bytes in flight; a sender still gets its ACK while another address holds connections.
 */
class MllpSourceContractTest extends SourceContract {

    /** A small budget: frames beyond 64 KiB may hold 262,500 bytes of it. */
    private static final long BUDGET = 300_000;

    private int port;
    private final ListenerLimits limits = new ListenerLimits(BUDGET);

    @Override
    protected ConnectorFactory factory() {
        return new MllpConnectorFactory(limits);
    }

    @Override
    protected Map<String, Object> sourceSettings() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        return Map.of("listen", "127.0.0.1:" + port, "max_frame", 200_000, "max_connections_per_address", 3);
    }

    @Override
    protected byte[] sampleMessage(int n) {
        return ("MSH|^~\\&|SENDER|FAC|DUCTUS|FAC|20261129120000||ADT^A01^ADT_A01|CTRL" + n + "|P|2.5.1\r"
                + "PID|1||" + (1000 + n) + "^^^MRN||DOE^JANE\r").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected SenderReply send(byte[] message) throws Exception {
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
        assertThat(context.logLines()).filteredOn(l -> l.contains("not HL7 v2")).singleElement().asString()
                .contains("a message of 22 bytes").doesNotContain("hello"); // sizes and positions, never the text
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
    void refuses_an_oversize_message_with_AR_naming_the_limit_as_soon_as_it_passes_it_before_the_rest_is_sent() throws Exception {
        try (Socket socket = connect("127.0.0.1")) {
            OutputStream out = socket.getOutputStream();
            out.write(("\u000BMSH|^~\\&|S|F|R|F|2026||ADT^A01|BIG1|P|2.5\rNTE|1||").getBytes(StandardCharsets.ISO_8859_1));
            out.write("x".repeat(210_000).getBytes(StandardCharsets.ISO_8859_1)); // past max_frame; no end bytes yet
            out.flush();
            Hl7Ack.Reply ack = Hl7Ack.read(MllpTestPeer.readFrame(socket.getInputStream()));
            assertThat(ack.code()).isEqualTo(AckCode.AR);
            assertThat(ack.controlId()).isEqualTo("BIG1");
            assertThat(ack.text().orElseThrow()).contains("at most 200000 bytes (max_frame)");
            out.write("\u001C\r".getBytes(StandardCharsets.ISO_8859_1)); // its end: skipped, not answered again
            out.write(MllpFraming.frame(sampleMessage(2)));
            out.flush();
            assertThat(Hl7Ack.read(MllpTestPeer.readFrame(socket.getInputStream())).code()).isEqualTo(AckCode.AA);
        }
        assertThat(intake.stored()).hasSize(1);
        assertThat(limits.refusals().count("contract", "max_frame")).isEqualTo(1);
    }

    @Test
    void a_frame_cut_short_inside_its_header_by_end_bytes_is_refused_not_stored() throws Exception {
        SenderReply reply = send("MSH|^~\\&|S|F|R|F|20261201".getBytes(StandardCharsets.ISO_8859_1)); // no MSH-9, no MSH-10
        assertThat(reply.kind()).isEqualTo(SenderReply.Kind.REJECTED);
        assertThat(Hl7Ack.read(reply.detail().getBytes(StandardCharsets.ISO_8859_1)).text().orElseThrow())
                .contains("has no MSH-9 (message type)");
        assertThat(intake.stored()).isEmpty();
    }

    @Test
    void a_header_cut_short_after_its_message_type_is_refused_but_an_empty_control_id_in_a_whole_header_is_taken() throws Exception {
        SenderReply cut = send("MSH|^~\\&|S|F|R|F|20261201||ADT^A01".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(cut.kind()).isEqualTo(SenderReply.Kind.REJECTED);
        assertThat(Hl7Ack.read(cut.detail().getBytes(StandardCharsets.ISO_8859_1)).text().orElseThrow())
                .contains("has no MSH-10 (message control id) and its header ends there");
        assertThat(intake.stored()).isEmpty();
        // As HAPI's own OML^O21 example is written: MSH-10 empty, MSH-11 and MSH-12 after it.
        SenderReply whole = send("MSH|^~\\&|HIS|ASE|LIS|Rapela|||OML^O21||T|2.5\rPID|||14\r".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(whole.kind()).isEqualTo(SenderReply.Kind.ACCEPTED);
        assertThat(intake.stored()).hasSize(1);
    }

    @Test
    void a_message_whose_end_bytes_came_in_its_middle_is_refused_naming_its_control_id() throws Exception {
        byte[] framedTwice = ("\u000BMSH|^~\\&|S|F|R|F|2026||ADT^A01|CUT1|P|2.5\rPID|1||12\u001C\rPV1|1|O\r\u001C\r")
                .getBytes(StandardCharsets.ISO_8859_1);
        try (Socket socket = connect("127.0.0.1")) {
            socket.getOutputStream().write(framedTwice);
            socket.getOutputStream().flush();
            Hl7Ack.Reply ack = Hl7Ack.read(MllpTestPeer.readFrame(socket.getInputStream()));
            assertThat(ack.code()).isEqualTo(AckCode.AR);
            assertThat(ack.controlId()).isEqualTo("CUT1");
            assertThat(ack.text().orElseThrow()).contains("its end bytes (FS CR) came in the middle of it");
        }
        assertThat(intake.stored()).isEmpty();
    }

    @Test
    void an_unreadable_header_is_refused_with_its_control_id_in_msa_2() throws Exception {
        SenderReply reply = send("MSH|^^^^|S|F|R|F|2026||ADT^A01|ODD7|P|2.5\rPID|1\r".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(reply.kind()).isEqualTo(SenderReply.Kind.REJECTED);
        assertThat(Hl7Ack.read(reply.detail().getBytes(StandardCharsets.ISO_8859_1)).controlId()).isEqualTo("ODD7");
    }

    @Test
    void a_frame_past_the_budget_of_bytes_in_flight_gets_AE_at_once_while_ordinary_messages_still_get_AA() throws Exception {
        try (Socket first = connect("127.0.0.1"); Socket second = connect("127.0.0.1")) {
            unfinished(first, "HOLD", 150_000); // under max_frame: held
            assertThat(waitForHeld(150_000)).isTrue();
            unfinished(second, "HUGE", 150_000); // the two together are past what large frames may hold
            Hl7Ack.Reply ack = Hl7Ack.read(MllpTestPeer.readFrame(second.getInputStream()));
            assertThat(ack.code()).isEqualTo(AckCode.AE);
            assertThat(ack.controlId()).isEqualTo("HUGE");
            assertThat(send(sampleMessage(1)).kind()).isEqualTo(SenderReply.Kind.ACCEPTED);
            // Its connection reads nothing more (the rest of the frame would only cost the event loops) and closes.
            second.setSoTimeout((int) java.util.concurrent.TimeUnit.SECONDS.toMillis(ANSWER_WAIT_S));
            int after;
            try {
                do after = second.getInputStream().read(); while (after == '\r'); // the CR after the AE's FS
            } catch (java.net.SocketException reset) {
                after = -1;
            }
            assertThat(after).as("closed by the engine, nothing more answered").isEqualTo(-1);
        }
        assertThat(limits.refusals().count("contract", "bytes_in_flight")).isEqualTo(1);
        assertThat(intake.stored()).hasSize(1);
    }

    private static void unfinished(Socket socket, String controlId, int bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("\u000BMSH|^~\\&|S|F|R|F|2026||ORU^R01|" + controlId + "|P|2.5\rOBX|1|ED|PDF||").getBytes(StandardCharsets.ISO_8859_1));
        out.write("x".repeat(bytes).getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private boolean waitForHeld(long bytes) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(ANSWER_WAIT_S);
        while (limits.budget().held() < bytes) {
            if (System.nanoTime() > deadline) return false;
            Thread.sleep(5);
        }
        return true;
    }

    @Test
    void a_sender_gets_its_ACK_while_another_address_holds_all_the_connections_it_may() throws Exception {
        List<Socket> scanner = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) scanner.add(connect("127.0.0.2"));
            long closed = 0;
            for (Socket s : scanner) {
                s.setSoTimeout(200);
                try {
                    if (s.getInputStream().read() < 0) closed++;
                } catch (SocketTimeoutException stillOpen) {
                    // one of the three it may hold
                }
            }
            assertThat(closed).as("connections past max_connections_per_address are closed").isEqualTo(7);
            assertThat(send(sampleMessage(1)).kind()).isEqualTo(SenderReply.Kind.ACCEPTED);
        } finally {
            for (Socket s : scanner) s.close();
        }
    }

    private Socket connect(String from) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout((int) ANSWER_WAIT_S * 1000);
        return socket;
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
