package io.ductus.connector.mllp;

/** The Minimal Lower Layer Protocol's framing: VT, the message, FS CR. */
final class Mllp {

    static final byte START = 0x0B;
    static final byte END = 0x1C;
    static final byte CR = 0x0D;

    private Mllp() {
    }

    /** The message wrapped in a frame. */
    static byte[] frame(byte[] message) {
        byte[] framed = new byte[message.length + 3];
        framed[0] = START;
        System.arraycopy(message, 0, framed, 1, message.length);
        framed[framed.length - 2] = END;
        framed[framed.length - 1] = CR;
        return framed;
    }
}
