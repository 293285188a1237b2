package io.ductus.connector.mllp;

import io.ductus.sdk.hl7.MllpFraming;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/** A minimal raw-socket MLLP sender for tests: one connection per message, waits for one answer. */
final class MllpTestPeer {

    private MllpTestPeer() {
    }

    /** Sends the message and returns the answer frame, or null when the connection closed without one. */
    static byte[] sendAndReceive(String host, int port, byte[] message, int timeoutMs) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
            socket.setSoTimeout(timeoutMs);
            socket.getOutputStream().write(MllpFraming.frame(message));
            socket.getOutputStream().flush();
            return readFrame(socket.getInputStream());
        }
    }

    /** The next frame, or null when the stream ended. */
    static byte[] readFrame(InputStream in) throws IOException {
        try {
            return MllpFraming.readFrame(in, 64 * 1024 * 1024);
        } catch (EOFException e) {
            return null;
        }
    }
}
