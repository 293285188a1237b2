package io.ductus.connector.mllp;

import java.io.ByteArrayOutputStream;
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
            socket.getOutputStream().write(Mllp.frame(message));
            socket.getOutputStream().flush();
            return readFrame(socket.getInputStream());
        }
    }

    static byte[] readFrame(InputStream in) throws IOException {
        int b;
        while ((b = in.read()) != Mllp.START) {
            if (b < 0) return null;
        }
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        while ((b = in.read()) != Mllp.END) {
            if (b < 0) return null;
            frame.write(b);
        }
        return frame.toByteArray();
    }
}
