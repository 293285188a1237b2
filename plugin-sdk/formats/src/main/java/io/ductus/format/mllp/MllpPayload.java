package io.ductus.format.mllp;

/**
 * What HL7 v2 over MLLP expects inside a frame: segments that end with CR (HL7 v2 chapter 2, and the
 * MLLP receivers that split on CR alone). Messages stored from files or HTTP often end their segments
 * with LF or CRLF; an MLLP sender turns those into CR here, and leaves everything else as it was.
 */
public final class MllpPayload {

    private MllpPayload() {
    }

    /**
     * The message with every CRLF and every lone LF turned into CR, and the empty segments that blank lines
     * would otherwise become dropped (a run of line breaks is one segment end). The same array when it
     * already ends every segment with a single CR.
     */
    public static byte[] crSegmentEnds(byte[] message) {
        if (!needsChange(message)) return message;
        byte[] out = new byte[message.length];
        int n = 0;
        boolean lineBreak = false;
        for (byte b : message) {
            if (b == '\r' || b == '\n') {
                if (!lineBreak && n > 0) out[n++] = '\r';
                lineBreak = true;
            } else {
                out[n++] = b;
                lineBreak = false;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static boolean needsChange(byte[] message) {
        for (int i = 0; i < message.length; i++) {
            byte b = message[i];
            if (b == '\n') return true;
            if (b == '\r' && (i == 0 || message[i - 1] == '\r')) return true;
        }
        return false;
    }
}
