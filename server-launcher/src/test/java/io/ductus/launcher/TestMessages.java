package io.ductus.launcher;

import io.ductus.sdk.hl7.Hl7Header;
import java.nio.charset.StandardCharsets;

/** Small ADT messages whose control id (MSH-10) names the message and whose PID-3.1 is the ordering key. */
final class TestMessages {

    private TestMessages() {
    }

    static byte[] adt(String controlId, String key) {
        String text = "MSH|^~\\&|E2E|TEST|DUCTUS|TEST|20261129120000||ADT^A08^ADT_A01|" + controlId + "|P|2.5.1\r"
                + "EVN|A08|20261129120000\r"
                + "PID|1||" + key + "^^^E2E^MR||DOE^JANE^Q||19700101|F|||1 MAIN ST^^SPRINGFIELD^IL^62701\r"
                + "PV1|1|O|CLINIC^101^1\r";
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String controlId(byte[] message) {
        return Hl7Header.read(message).controlId().orElseThrow();
    }

    /** PID-3.1 of a message built by {@link #adt}. */
    static String key(byte[] message) {
        String text = new String(message, StandardCharsets.UTF_8);
        int pid = text.indexOf("\rPID|");
        String[] fields = text.substring(pid + 1, text.indexOf('\r', pid + 1)).split("\\|", -1);
        return fields[3].split("\\^", -1)[0];
    }
}
