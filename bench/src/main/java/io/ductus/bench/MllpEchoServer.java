package io.ductus.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A bare MLLP echo server: a platform thread per connection reads a frame and answers with a fixed ACK,
 * nothing else. Its round trip is what the sockets and the kernel cost here, the floor for any engine.
 */
record MllpEchoServer(ServerSocket socket, int port) implements AutoCloseable {

    private static final byte[] ACK = ("\u000bMSH|^~\\&|ECHO|ECHO|BENCH|SENDER|20261129120000||ACK^A08|1|P|2.5.1\r"
            + "MSA|AA|1\r\u001c\r").getBytes(StandardCharsets.ISO_8859_1);

    static MllpEchoServer start() throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon(true).start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    s.setTcpNoDelay(true);
                    Thread.ofPlatform().daemon(true).start(() -> echo(s));
                } catch (IOException closed) {
                    return;
                }
            }
        });
        return new MllpEchoServer(server, server.getLocalPort());
    }

    private static void echo(Socket s) {
        try (s; InputStream in = new BufferedInputStream(s.getInputStream()); OutputStream out = s.getOutputStream()) {
            for (int b; (b = in.read()) >= 0; ) {
                if (b != 0x1C) continue;
                in.read(); // CR
                out.write(ACK);
                out.flush();
            }
        } catch (IOException ignored) {
            // the sender closed
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
