package io.ductus.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** One MLLP connection of a benchmark: frame, send, read the ACK's MSA-1. */
final class MllpSender implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    /** The last ACK read, whole (segments end with CR): what a benchmark prints when it was not AA. */
    private String lastAck = "";

    /** A connection to 127.0.0.1 from 127.0.0.1. */
    MllpSender(int port) throws IOException {
        this(port, null, 60_000);
    }

    /**
     * @param from      the local address to connect from (on loopback, any 127.x.y.z: the listener sees another
     *                  sender), or null for the system's choice
     * @param timeoutMs how long to wait for an ACK
     */
    MllpSender(int port, InetAddress from, int timeoutMs) throws IOException {
        this(port, from, timeoutMs, null);
    }

    /** Over TLS (the handshake done here) when {@code tls} is given, to the name localhost. */
    MllpSender(int port, InetAddress from, int timeoutMs, javax.net.ssl.SSLContext tls) throws IOException {
        Socket plain = new Socket();
        try {
            plain.setTcpNoDelay(true);
            if (from != null) plain.bind(new InetSocketAddress(from, 0));
            plain.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            plain.setSoTimeout(timeoutMs);
            if (tls != null) {
                javax.net.ssl.SSLSocket wrapped = (javax.net.ssl.SSLSocket) tls.getSocketFactory().createSocket(plain, "localhost", port, true);
                wrapped.startHandshake();
                socket = wrapped;
            } else {
                socket = plain;
            }
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        } catch (IOException e) {
            plain.close();
            throw e;
        }
    }

    /** True when the answer was AA. */
    boolean send(byte[] message) throws IOException {
        return "AA".equals(ackCode(message));
    }

    /** Sends the message and returns the ACK's MSA-1 (AA, AE, AR), or "?" for an answer without one. */
    String ackCode(byte[] message) throws IOException {
        byte[] framed = new byte[message.length + 3];
        framed[0] = 0x0B;
        System.arraycopy(message, 0, framed, 1, message.length);
        framed[framed.length - 2] = 0x1C;
        framed[framed.length - 1] = 0x0D;
        out.write(framed);
        out.flush();
        int b;
        while ((b = in.read()) != 0x0B) if (b < 0) throw new EOFException("connection closed");
        ByteArrayOutputStream ack = new ByteArrayOutputStream(200);
        while ((b = in.read()) != 0x1C) {
            if (b < 0) throw new EOFException("connection closed");
            ack.write(b);
        }
        String text = ack.toString(StandardCharsets.ISO_8859_1);
        lastAck = text;
        // The MSA segment, at a segment's start: the ACK's own control id (MSH-10) may hold "MSA|" too
        // (DXMX599R5J-MSA|P|2.5.1 was read as MSA-1 "P|").
        int msa = text.indexOf("\rMSA|");
        return msa >= 0 && text.length() >= msa + 7 ? text.substring(msa + 5, msa + 7) : "?";
    }

    /** The last ACK read, its segments on one line each: says why a message was not AA (MSA-3, ERR). */
    String lastAck() {
        return lastAck.strip().replace('\r', '\n');
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
