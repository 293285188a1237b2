package io.ductus.format.mllp;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** MLLP framing ({@code VT message FS CR}) for blocking streams: wrapping a message and reading one frame. */
public final class MllpFraming {

    public static final byte START = 0x0B;
    public static final byte END = 0x1C;
    public static final byte CR = 0x0D;

    private MllpFraming() {
    }

    /** The message wrapped in a frame. */
    public static byte[] frame(byte[] message) {
        byte[] framed = new byte[message.length + 3];
        framed[0] = START;
        System.arraycopy(message, 0, framed, 1, message.length);
        framed[framed.length - 2] = END;
        framed[framed.length - 1] = CR;
        return framed;
    }

    /**
     * Reads the next frame's content: skips bytes up to VT (including the CR that ended the last frame)
     * and collects up to FS. Throws EOFException when the stream ends first, IOException past maxBytes.
     */
    public static byte[] readFrame(InputStream in, int maxBytes) throws IOException {
        int b;
        while ((b = in.read()) != START) {
            if (b < 0) throw new EOFException("the connection closed without an answer");
        }
        ByteArrayOutputStream frame = new ByteArrayOutputStream(256);
        while ((b = in.read()) != END) {
            if (b < 0) throw new EOFException("the connection closed in the middle of a frame");
            if (frame.size() >= maxBytes) throw new IOException("the frame exceeds " + maxBytes + " bytes");
            frame.write(b);
        }
        return frame.toByteArray();
    }
}
