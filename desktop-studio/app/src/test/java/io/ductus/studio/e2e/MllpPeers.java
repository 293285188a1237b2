package io.ductus.studio.e2e;

import io.ductus.format.ack.AckCode;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.mllp.MllpFraming;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** The MLLP ends of the tests: a sender of HL7 messages, and the lab, a receiver that accepts (AA) or rejects (AR). */
final class MllpPeers {

    private MllpPeers() {
    }

    /** Sends one message and returns the ACK's code (AA, AE, AR). */
    static String send(int port, String message) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.UTF_8)));
            byte[] ack = MllpFraming.readFrame(socket.getInputStream(), 1 << 20);
            try {
                return Hl7Ack.read(ack).code().name();
            } catch (Hl7ParseException e) {
                return new String(ack, StandardCharsets.UTF_8);
            }
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
                    Hl7Header header = Hl7Header.read(frame);
                    boolean reject = rejecting.get();
                    if (!reject) accepted.incrementAndGet();
                    byte[] ack = Hl7Ack.build(header, reject ? AckCode.AR : AckCode.AA,
                            reject ? "lab does not know patient class I on ward WARD1" : "", "A" + header.controlId().orElse(""),
                            ZonedDateTime.now(ZoneOffset.UTC));
                    out.write(MllpFraming.frame(ack));
                    out.flush();
                }
            } catch (IOException | Hl7ParseException e) {
                // the engine hung up (or sent what is no HL7: the test fails on what it then does not see)
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
