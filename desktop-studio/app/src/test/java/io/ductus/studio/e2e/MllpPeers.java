package io.ductus.studio.e2e;

import io.ductus.sdk.hl7.MllpFraming;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The MLLP ends of the tests: a sender of HL7 messages, and the lab, a receiver that accepts (AA) or rejects (AR). */
final class MllpPeers {

    private static final Pattern CONTROL_ID = Pattern.compile("^MSH\\|[^|]*(?:\\|[^|]*){7}\\|([^|]*)");

    private MllpPeers() {
    }

    /** Sends one message and returns the ACK's code (AA, AE, AR). */
    static String send(int port, String message) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.UTF_8)));
            String ack = new String(MllpFraming.readFrame(socket.getInputStream(), 1 << 20), StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("MSA\\|([A-Z]{2})").matcher(ack);
            return m.find() ? m.group(1) : ack;
        }
    }

    /** An ADT^A01 for a patient. */
    static String adt(String controlId, String mrn, String family, String given, String sex) {
        return "MSH|^~\\&|ADMIT|GENHOSP|DUCTUS|LAB|20261201083000||ADT^A01^ADT_A01|" + controlId + "|P|2.5\r"
                + "EVN|A01|20261201083000\r"
                + "PID|1||" + mrn + "^^^GENHOSP^MR||" + family + "^" + given + "^Q||19700101|" + sex + "|||12 Main St^^Springfield^IL^62701||555-0100\r"
                + "PV1|1|I|WARD1^101^A|||||1234^SMITH^JOHN^^^DR\r";
    }

    /** The lab: answers AR ("rejected by lab") while {@link #rejecting()} is set, AA otherwise. */
    static final class Lab implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0);
        private final AtomicBoolean rejecting = new AtomicBoolean(true);
        private final AtomicInteger accepted = new AtomicInteger();
        private final Thread thread;

        Lab() throws IOException {
            thread = new Thread(this::serve, "lab");
            thread.setDaemon(true);
            thread.start();
        }

        int port() {
            return server.getLocalPort();
        }

        AtomicBoolean rejecting() {
            return rejecting;
        }

        int accepted() {
            return accepted.get();
        }

        private void serve() {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    Thread.ofVirtual().start(() -> answer(s));
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void answer(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                while (true) {
                    byte[] frame = MllpFraming.readFrame(in, 1 << 20);
                    if (frame == null) return;
                    String message = new String(frame, StandardCharsets.UTF_8);
                    Matcher m = CONTROL_ID.matcher(message);
                    String id = m.find() ? m.group(1) : "";
                    boolean reject = rejecting.get();
                    if (!reject) accepted.incrementAndGet();
                    String ack = "MSH|^~\\&|LAB|LAB|DUCTUS|DUCTUS|20261201083001||ACK|A" + id + "|P|2.5\rMSA|" + (reject ? "AR" : "AA") + "|" + id
                            + (reject ? "|lab does not know patient class I on ward WARD1" : "") + "\r";
                    out.write(MllpFraming.frame(ack.getBytes(StandardCharsets.UTF_8)));
                    out.flush();
                }
            } catch (IOException e) {
                // the engine hung up
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
