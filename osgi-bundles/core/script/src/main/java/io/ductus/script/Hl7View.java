package io.ductus.script;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7Segment;
import java.util.List;
import org.graalvm.polyglot.HostAccess;

/**
 * The {@code msg} an HL7 interface's transform gets: read and write by HL7 path
 * ({@code msg.get("PID-5.1")}, {@code msg.set("OBX[2]-5", "7.1")}), list, add and remove segments.
 * Values are unescaped when read and escaped when written; everything not changed is written back
 * byte for byte.
 */
public final class Hl7View {

    private final Hl7Message message;

    Hl7View(Hl7Message message) {
        this.message = message;
    }

    Hl7Message message() {
        return message;
    }

    @HostAccess.Export
    public String get(String path) {
        return message.get(path);
    }

    @HostAccess.Export
    public Hl7View set(String path, Object value) {
        message.set(path, value == null ? "" : String.valueOf(value));
        return this;
    }

    /** Every segment with the name, in order (all segments when the name is empty). */
    @HostAccess.Export
    public List<SegmentView> segments(String name) {
        List<Hl7Segment> segments = name == null || name.isEmpty() ? message.segments() : message.segments(name);
        return segments.stream().map(SegmentView::new).toList();
    }

    /** Appends a segment written as text ({@code "NTE|1||checked"}). */
    @HostAccess.Export
    public SegmentView add(String segmentText) {
        return new SegmentView(message.addSegment(segmentText));
    }

    @HostAccess.Export
    public Hl7View remove(SegmentView segment) {
        message.remove(segment.segment);
        return this;
    }

    @HostAccess.Export
    @Override
    public String toString() {
        return message.encode();
    }

    /** One segment: {@code seg.get("5.1")} reads its field 5, component 1. */
    public static final class SegmentView {
        private final Hl7Segment segment;

        SegmentView(Hl7Segment segment) {
            this.segment = segment;
        }

        @HostAccess.Export
        public String name() {
            return segment.name();
        }

        @HostAccess.Export
        public String get(String fieldPath) {
            return segment.get(fieldPath);
        }

        @HostAccess.Export
        public SegmentView set(String fieldPath, Object value) {
            segment.set(fieldPath, value == null ? "" : String.valueOf(value));
            return this;
        }

        @HostAccess.Export
        @Override
        public String toString() {
            return segment.text();
        }
    }
}
