package io.ductus.script;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * What the test runtime needs from the host: HL7 messages made from text, as the engine gives them to
 * a transform, and telling those views apart from plain values. Only test contexts see it.
 */
public final class TestHost {

    TestHost() {
    }

    /** {@code {value: message view}} or {@code {error}}; segments separated by \r. */
    @HostAccess.Export
    public ProxyObject hl7(String text) {
        Map<String, Object> answer = new LinkedHashMap<>();
        try {
            answer.put("value", new Hl7View(Hl7Message.parse(text)));
        } catch (Hl7ParseException | IllegalArgumentException e) {
            answer.put("error", e.getMessage());
        }
        return ProxyObject.fromMap(answer);
    }

    /** "message" for an HL7 message view, "segment" for one of its segments, else null. */
    @HostAccess.Export
    public String kind(Value value) {
        if (value == null || !value.isHostObject()) return null;
        Object object = value.asHostObject();
        if (object instanceof Hl7View) return "message";
        if (object instanceof Hl7View.SegmentView) return "segment";
        return null;
    }
}
