package io.ductus.connector.mllp;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Destination;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.config.HostPort;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.mllp.MllpPayload;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.mllp.MllpFraming;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The MLLP client: one persistent connection per destination, one message at a time, waiting for the
 * receiver's ACK. AA → sent; AE, no answer, a refused or broken connection → retry; AR → quarantine.
 * Segments go out ending with CR, as HL7 over MLLP expects ({@link MllpPayload}), unless the destination
 * is told to keep the stored bytes exactly ({@code keep_bytes: true}). The message's fence is checked after the
 * connection (and its TLS handshake) is up and the frame is built, right before the frame is written: a message
 * this engine no longer owns is not written at all, and the connection stays open.
 * Runs on the engine's worker (virtual) threads, so plain blocking sockets are the simple, right tool.
 */
final class MllpClient implements Destination {

    private static final int MAX_ACK_BYTES = 1024 * 1024;

    private final HostPort receiver;
    private final Duration connectTimeout;
    private final Duration ackTimeout;
    private final boolean keepBytes;
    private final ConnectorContext context;
    /** Workers of several slots may send at once; the connection carries one exchange at a time. */
    private final ReentrantLock exchange = new ReentrantLock();
    private Socket socket;
    private InputStream in;

    /** TLS on the connection (the handshake within the connect), or empty for plain TCP. */
    private final java.util.Optional<io.ductus.connector.listener.tls.ClientTls> tls;

    MllpClient(HostPort receiver, Duration connectTimeout, Duration ackTimeout, boolean keepBytes, ConnectorContext context) {
        this(receiver, connectTimeout, ackTimeout, keepBytes, context, java.util.Optional.empty());
    }

    MllpClient(HostPort receiver, Duration connectTimeout, Duration ackTimeout, boolean keepBytes, ConnectorContext context,
               java.util.Optional<io.ductus.connector.listener.tls.ClientTls> tls) {
        this.tls = tls;
        this.receiver = receiver;
        this.connectTimeout = connectTimeout;
        this.ackTimeout = ackTimeout;
        this.keepBytes = keepBytes;
        this.context = context;
    }

    @Override
    public void start() {
        // Connects on the first send, so a receiver that is down does not stop the interface from starting.
    }

    @Override
    public Outcome send(OutboundMessage message) throws InterruptedException {
        exchange.lockInterruptibly();
        try {
            return exchange(message);
        } finally {
            exchange.unlock();
        }
    }

    private Outcome exchange(OutboundMessage message) {
        String expectedControlId = controlIdOf(message.payload());
        try {
            connectIfNeeded();
            byte[] payload = keepBytes ? message.payload() : MllpPayload.crSegmentEnds(message.payload());
            byte[] frame = MllpFraming.frame(payload);
            message.fence(); // the last moment: connected (TLS handshake done), the frame built; refused: nothing written
            socket.getOutputStream().write(frame);
            socket.getOutputStream().flush();
            Hl7Ack.Reply reply = Hl7Ack.read(MllpFraming.readFrame(in, MAX_ACK_BYTES));
            if (expectedControlId != null && !expectedControlId.equals(reply.controlId())) {
                disconnect();
                return Outcome.retry("the receiver acknowledged control id '" + reply.controlId() + "' instead of '"
                        + expectedControlId + "'; reconnecting");
            }
            String text = reply.text().map(t -> ": " + t).orElse("");
            return switch (reply.code()) {
                case AA -> Outcome.sent("AA" + text);
                case AE -> Outcome.retry("the receiver answered AE" + text);
                case AR -> Outcome.quarantine("the receiver rejected the message (AR)" + text);
            };
        } catch (ConnectException e) {
            disconnect();
            context.statusChanged(ConnectorStatus.DEGRADED, "cannot connect to " + receiver + ": " + e.getMessage());
            return Outcome.retry("cannot connect to " + receiver + ": " + e.getMessage());
        } catch (javax.net.ssl.SSLException e) {
            disconnect();
            String why = io.ductus.connector.listener.tls.ClientTls.why(e);
            context.statusChanged(ConnectorStatus.DEGRADED, "TLS to " + receiver + " refused: " + why);
            return Outcome.retry("TLS handshake with " + receiver + " failed: " + why);
        } catch (SocketTimeoutException e) {
            disconnect();
            return Outcome.retry("no acknowledgement from " + receiver + " within " + ackTimeout.toSeconds() + " s");
        } catch (IOException e) {
            disconnect();
            return Outcome.retry("connection to " + receiver + " failed: " + e);
        } catch (Hl7ParseException e) {
            disconnect();
            return Outcome.retry("the receiver's answer is not an HL7 acknowledgement: " + e.getMessage());
        }
    }

    private void connectIfNeeded() throws IOException {
        if (socket != null && socket.isConnected() && !socket.isClosed()) return;
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setKeepAlive(true);
        s.connect(new InetSocketAddress(receiver.host(), receiver.port()), (int) connectTimeout.toMillis());
        if (tls.isPresent()) {
            s.setSoTimeout((int) connectTimeout.toMillis()); // the handshake is part of connecting
            try {
                s = tls.get().handshake(s, receiver.host(), receiver.port());
            } catch (IOException e) {
                s.close();
                throw e;
            }
        }
        s.setSoTimeout((int) ackTimeout.toMillis());
        socket = s;
        in = new BufferedInputStream(s.getInputStream());
        context.statusChanged(ConnectorStatus.OK, "connected to " + receiver);
    }

    private static String controlIdOf(byte[] payload) {
        try {
            return Hl7Header.read(payload).controlId().orElse(null);
        } catch (Hl7ParseException e) {
            return null;
        }
    }

    private void disconnect() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        socket = null;
        in = null;
    }

    @Override
    public CompletionStage<Void> stop() {
        exchange.lock();
        try {
            disconnect();
        } finally {
            exchange.unlock();
        }
        return CompletableFuture.completedFuture(null);
    }
}
