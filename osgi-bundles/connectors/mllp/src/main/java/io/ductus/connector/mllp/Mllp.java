package io.ductus.connector.mllp;

import io.ductus.sdk.hl7.MllpFraming;

/** The MLLP framing bytes the Netty decoder looks for; wrapping is {@link MllpFraming#frame}. */
final class Mllp {

    static final byte START = MllpFraming.START;
    static final byte END = MllpFraming.END;

    private Mllp() {
    }

    static byte[] frame(byte[] message) {
        return MllpFraming.frame(message);
    }
}
