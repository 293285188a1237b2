package io.ductus.launcher;

import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/** A plain-socket MLLP sender: sends each message exactly as given and waits for its ACK. */
final class MllpSender implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    MllpSender(int port, int timeoutMillis) throws IOException {
        socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress("127.0.0.1", port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** The raw ACK frame. */
    byte[] exchange(byte[] message) throws IOException {
        out.write(MllpFraming.frame(message));
        out.flush();
        return MllpFraming.readFrame(in, 1024 * 1024);
    }

    Hl7Ack.Reply send(byte[] message) throws IOException {
        return Hl7Ack.read(exchange(message));
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
