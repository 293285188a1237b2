package io.ductus.studio.hl7;

import java.util.List;

/**
 * One position of an HL7 v2 message as the tree shows it: the message, a segment, a field, a repetition, a
 * component or a subcomponent, with its path (PID-5, PID-5(2), PID-5.1, PID-5.1.2, OBX[2]-5), its value as
 * written, and where it stands in the raw text ([start, end) of the text it was read from).
 *
 * @param segment the segment's name (PID) for every position within it; null for the message
 * @param field   the field's number (0 for the message and segment); components and subcomponents likewise
 */
public record Hl7Node(Kind kind, String path, String segment, int field, int component, int subcomponent, String value, int start,
                      int end, List<Hl7Node> children) {

    public enum Kind { MESSAGE, SEGMENT, FIELD, REPETITION, COMPONENT, SUBCOMPONENT }

    public Hl7Node {
        children = List.copyOf(children);
    }

    /** The first child whose path is this one, searching the whole tree; null when none. */
    public Hl7Node find(String wanted) {
        if (path.equals(wanted)) return this;
        for (Hl7Node child : children) {
            Hl7Node found = child.find(wanted);
            if (found != null) return found;
        }
        return null;
    }
}
