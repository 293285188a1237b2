package io.ductus.studio.hl7;

import io.ductus.format.hl7.Delimiters;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.hl7.Hl7Segment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a payload into the tree of positions the studio shows, through the product's one HL7 parser
 * (ductus-formats' {@link Hl7Message}): the parser checks the message, finds its segments, their fields as
 * written ({@link Hl7Segment#rawFields()}) and the separators; this class lays them out as a tree, cutting
 * each field into repetitions, components and subcomponents at those separators and keeping every position's
 * offsets in the text (for highlighting and for selecting the raw text). MSH-1 and MSH-2 are the separators
 * themselves, as HL7 counts them. Stateless.
 */
public final class Hl7TreeReader {

    /** The message's tree, its MSH-12 (the version its names are looked up in) and the separators its MSH declares. */
    public record Hl7Tree(Hl7Node root, String version, char field, char component, char repetition, char escape, char subcomponent) {
    }

    /** The payload is not HL7 v2; the message says where and why. */
    public static final class Hl7ReadException extends Exception {
        private static final long serialVersionUID = 1L;

        public Hl7ReadException(String message) {
            super(message);
        }
    }

    /** The message's tree and its separators, or the reason it is not HL7 v2 (naming the segment). */
    public Hl7Tree read(String text) throws Hl7ReadException {
        Hl7Message message;
        try {
            message = Hl7Message.parse(text);
        } catch (Hl7ParseException e) {
            throw new Hl7ReadException(e.getMessage());
        }
        Delimiters d = message.delimiters();
        List<Hl7Node> segments = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        int from = 0;
        for (Hl7Segment segment : message.segments()) {
            String s = segment.text();
            int at = text.indexOf(s, from); // the parser keeps each segment as written, so it is found in order
            if (at < 0) at = from;
            from = at + s.length();
            int occurrence = seen.merge(segment.name(), 1, Integer::sum);
            segments.add(segment(segment, occurrence, at, d));
        }
        Hl7Node root = new Hl7Node(Hl7Node.Kind.MESSAGE, "", null, 0, 0, 0, text, 0, text.length(), segments);
        return new Hl7Tree(root, message.header().version().orElse(""), d.field(), d.component(), d.repetition(), d.escape(),
                d.subcomponent());
    }

    private static Hl7Node segment(Hl7Segment segment, int occurrence, int offset, Delimiters d) {
        String name = segment.name();
        String s = segment.text();
        String prefix = occurrence == 1 ? name : name + "[" + occurrence + "]";
        List<String> raw = segment.rawFields();
        // In MSH, BHS and FHS field 1 is the field separator itself (no field can otherwise hold it) and field 2
        // the encoding characters: both are leaves.
        boolean header = !raw.isEmpty() && raw.getFirst().equals(String.valueOf(d.field()));
        List<Hl7Node> fields = new ArrayList<>();
        int separator = s.indexOf(d.field());
        int start = separator + 1;
        for (int i = 0; i < raw.size(); i++) {
            int number = i + 1;
            String path = prefix + "-" + number;
            String value = raw.get(i);
            if (header && number == 1) {
                fields.add(leaf(Hl7Node.Kind.FIELD, path, name, 1, 0, 0, value, offset + separator, offset + separator + 1));
                continue;
            }
            int end = start + value.length();
            if (header && number == 2) {
                fields.add(leaf(Hl7Node.Kind.FIELD, path, name, 2, 0, 0, value, offset + start, offset + end));
            } else {
                fields.add(field(path, name, number, s, start, end, offset, d));
            }
            start = end + 1;
        }
        return new Hl7Node(Hl7Node.Kind.SEGMENT, prefix, name, 0, 0, 0, s, offset, offset + s.length(), fields);
    }

    private static Hl7Node field(String path, String segment, int number, String s, int from, int to, int offset, Delimiters d) {
        List<int[]> repetitions = split(s, d.repetition(), from, to);
        List<Hl7Node> children = new ArrayList<>();
        if (repetitions.size() > 1) {
            for (int r = 0; r < repetitions.size(); r++) {
                int[] p = repetitions.get(r);
                String rpath = path + "(" + (r + 1) + ")";
                children.add(new Hl7Node(Hl7Node.Kind.REPETITION, rpath, segment, number, 0, 0, s.substring(p[0], p[1]), offset + p[0],
                        offset + p[1], components(rpath, segment, number, s, p[0], p[1], offset, d)));
            }
        } else {
            children.addAll(components(path, segment, number, s, from, to, offset, d));
        }
        return new Hl7Node(Hl7Node.Kind.FIELD, path, segment, number, 0, 0, s.substring(from, to), offset + from, offset + to, children);
    }

    /** The components of a field or repetition; none when it has just one (the value is the field's). */
    private static List<Hl7Node> components(String path, String segment, int field, String s, int from, int to, int offset, Delimiters d) {
        List<int[]> parts = split(s, d.component(), from, to);
        List<Hl7Node> out = new ArrayList<>();
        if (parts.size() == 1) {
            List<int[]> subs = split(s, d.subcomponent(), from, to);
            if (subs.size() > 1) out.addAll(subcomponents(path + ".1", segment, field, 1, subs, s, offset));
            return out;
        }
        for (int c = 0; c < parts.size(); c++) {
            int[] p = parts.get(c);
            String cpath = path + "." + (c + 1);
            List<int[]> subs = split(s, d.subcomponent(), p[0], p[1]);
            out.add(new Hl7Node(Hl7Node.Kind.COMPONENT, cpath, segment, field, c + 1, 0, s.substring(p[0], p[1]), offset + p[0],
                    offset + p[1], subs.size() > 1 ? subcomponents(cpath, segment, field, c + 1, subs, s, offset) : List.of()));
        }
        return out;
    }

    private static List<Hl7Node> subcomponents(String path, String segment, int field, int component, List<int[]> subs, String s, int offset) {
        List<Hl7Node> out = new ArrayList<>();
        for (int i = 0; i < subs.size(); i++) {
            int[] p = subs.get(i);
            out.add(leaf(Hl7Node.Kind.SUBCOMPONENT, path + "." + (i + 1), segment, field, component, i + 1, s.substring(p[0], p[1]),
                    offset + p[0], offset + p[1]));
        }
        return out;
    }

    private static Hl7Node leaf(Hl7Node.Kind kind, String path, String segment, int field, int component, int sub, String value, int start,
                                int end) {
        return new Hl7Node(kind, path, segment, field, component, sub, value, start, end, List.of());
    }

    /** [start, end) of each part of s[from, to) between separators. */
    private static List<int[]> split(String s, char separator, int from, int to) {
        List<int[]> parts = new ArrayList<>();
        int start = from;
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == separator) {
                parts.add(new int[] {start, i});
                start = i + 1;
            }
        }
        parts.add(new int[] {start, to});
        return parts;
    }
}
