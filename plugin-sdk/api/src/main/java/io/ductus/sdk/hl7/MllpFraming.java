package io.ductus.sdk.hl7;

import java.io.IOException;
import java.io.InputStream;

/**
 * MLLP framing through {@link io.ductus.format.mllp.MllpFraming}. Kept for connectors built against SDK
 * 1.0 to 1.3; new code uses {@code io.ductus.format.mllp.MllpFraming}.
 */
@Deprecated(since = "1.4")
public final class MllpFraming {

    public static final byte START = io.ductus.format.mllp.MllpFraming.START;
    public static final byte END = io.ductus.format.mllp.MllpFraming.END;
    public static final byte CR = io.ductus.format.mllp.MllpFraming.CR;

    private MllpFraming() {
    }

    /** The message wrapped in a frame. */
    public static byte[] frame(byte[] message) {
        return io.ductus.format.mllp.MllpFraming.frame(message);
    }

    /** Reads the next frame's content; EOFException when the stream ends first, IOException past maxBytes. */
    public static byte[] readFrame(InputStream in, int maxBytes) throws IOException {
        return io.ductus.format.mllp.MllpFraming.readFrame(in, maxBytes);
    }
}
