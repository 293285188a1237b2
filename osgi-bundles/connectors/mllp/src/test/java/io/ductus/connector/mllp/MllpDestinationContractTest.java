package io.ductus.connector.mllp;

import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.Hl7Header;
import io.ductus.sdk.testkit.DestinationContract;
import io.ductus.sdk.testkit.TestMessages;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;

/** The MLLP client passes the plugin-sdk destination contract against a receiver that answers AA. */
class MllpDestinationContractTest extends DestinationContract {

    private ServerSocket receiver;
    private Thread acceptor;
    private final List<byte[]> received = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    @Override
    protected ConnectorFactory factory() {
        return new MllpConnectorFactory();
    }

    @Override
    protected Map<String, Object> destinationSettings() throws IOException {
        receiver = new ServerSocket(0);
        acceptor = Thread.ofVirtual().start(() -> {
            while (!receiver.isClosed()) {
                try {
                    Socket s = receiver.accept();
                    open.add(s);
                    Thread.ofVirtual().start(() -> answerAA(s));
                } catch (IOException e) {
                    return;
                }
            }
        });
        return Map.of("connect", "127.0.0.1:" + receiver.getLocalPort(), "ack_timeout", "2s", "connect_timeout", "1s");
    }

    private void answerAA(Socket s) {
        try (s) {
            for (byte[] m; (m = MllpTestPeer.readFrame(s.getInputStream())) != null; ) {
                received.add(m);
                s.getOutputStream().write(MllpFraming.frame(Hl7Ack.build(Hl7Header.read(m), AckCode.AA, "", "R", ZonedDateTime.now())));
            }
        } catch (IOException e) {
            // closed
        }
    }

    @AfterEach
    void closeReceiver() throws IOException {
        receiver.close();
        for (Socket s : open) s.close();
    }

    @Override
    protected OutboundMessage sampleMessage(int n) {
        return TestMessages.outbound(n, ("MSH|^~\\&|A|B|C|D|2026||ADT^A01|C" + n + "|P|2.5\rPID|1||" + n + "\r")
                .getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Instant.now(), Map.of());
    }

    @Override
    protected boolean checksTheFence() {
        return true;
    }

    @Override
    protected List<byte[]> receivedByPeer() {
        return List.copyOf(received);
    }

    @Override
    protected void makePeerUnavailable() throws IOException, InterruptedException {
        receiver.close();
        // accept() may still hand out one connection while it unwinds; only after it ended is the port closed
        acceptor.join();
        for (Socket s : open) s.close();
    }
}
