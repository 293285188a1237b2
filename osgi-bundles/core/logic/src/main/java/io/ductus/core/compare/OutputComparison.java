package io.ductus.core.compare;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.core.revision.LineDiff;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The differences between two outputs of one format. HL7: each segment is named by its type and, when
 * the message has several, its occurrence ({@code OBX[2]}); fields, repetitions ({@code PID-3[2]}),
 * components and subcomponents are compared as written (escapes kept), the deepest level that differs
 * being reported. JSON: trees of maps, lists and plain values, as a JSON reader gives them, compared by
 * path. Text: line by line.
 */
public final class OutputComparison {

    private OutputComparison() {
    }

    /** HL7 by field path. */
    public static List<Difference> hl7(Hl7Message before, Hl7Message after) {
        List<Difference> out = new ArrayList<>();
        Map<String, List<String>> a = segmentsByName(before);
        Map<String, List<String>> b = segmentsByName(after);
        String header = before.segmentName(0); // the header segment, whose first field is the field separator itself
        Set<String> names = new LinkedHashSet<>(a.keySet());
        names.addAll(b.keySet());
        for (String name : names) {
            List<String> sa = a.getOrDefault(name, List.of());
            List<String> sb = b.getOrDefault(name, List.of());
            boolean numbered = sa.size() > 1 || sb.size() > 1;
            for (int i = 0; i < Math.max(sa.size(), sb.size()); i++) {
                String segment = numbered ? name + "[" + (i + 1) + "]" : name;
                String x = i < sa.size() ? sa.get(i) : null;
                String y = i < sb.size() ? sb.get(i) : null;
                if (x == null || y == null) {
                    out.add(new Difference(segment, x, y));
                } else if (!x.equals(y)) {
                    segment(out, segment, name.equals(header), x, y, before.delimiters(), after.delimiters());
                }
            }
        }
        return out;
    }

    private static Map<String, List<String>> segmentsByName(Hl7Message message) {
        Map<String, List<String>> byName = new java.util.LinkedHashMap<>();
        for (int i = 0; i < message.segmentCount(); i++) {
            byName.computeIfAbsent(message.segmentName(i), n -> new ArrayList<>()).add(message.segment(i));
        }
        return byName;
    }

    private static void segment(List<Difference> out, String segment, boolean msh, String x, String y,
                                io.ductus.format.hl7.Delimiters dx, io.ductus.format.hl7.Delimiters dy) {
        List<String> fx = split(x, dx.field());
        List<String> fy = split(y, dy.field());
        // In the header MSH-1 is the field separator itself: fields count from 1 after the name, one further on there.
        int shift = msh ? 1 : 0;
        for (int f = 1; f < Math.max(fx.size(), fy.size()); f++) {
            String vx = f < fx.size() ? fx.get(f) : "";
            String vy = f < fy.size() ? fy.get(f) : "";
            if (vx.equals(vy)) continue;
            String path = segment + "-" + (f + shift);
            if (msh && f == 1) {
                out.add(new Difference(path, vx, vy));
                continue;
            }
            field(out, path, vx, vy, dx, dy);
        }
    }

    private static void field(List<Difference> out, String path, String x, String y, io.ductus.format.hl7.Delimiters dx,
                              io.ductus.format.hl7.Delimiters dy) {
        List<String> rx = split(x, dx.repetition());
        List<String> ry = split(y, dy.repetition());
        boolean repeated = rx.size() > 1 || ry.size() > 1;
        for (int r = 0; r < Math.max(rx.size(), ry.size()); r++) {
            String vx = r < rx.size() ? rx.get(r) : null;
            String vy = r < ry.size() ? ry.get(r) : null;
            if (Objects.equals(vx, vy)) continue;
            String at = repeated ? path + "[" + (r + 1) + "]" : path;
            if (vx == null || vy == null) {
                out.add(new Difference(at, vx, vy));
                continue;
            }
            parts(out, at, vx, vy, dx.component(), dy.component(), dx.subcomponent(), dy.subcomponent());
        }
    }

    private static void parts(List<Difference> out, String path, String x, String y, char cx, char cy, char sx, char sy) {
        List<String> px = split(x, cx);
        List<String> py = split(y, cy);
        if (px.size() == 1 && py.size() == 1) {
            subparts(out, path, x, y, sx, sy);
            return;
        }
        for (int c = 0; c < Math.max(px.size(), py.size()); c++) {
            String vx = c < px.size() ? px.get(c) : "";
            String vy = c < py.size() ? py.get(c) : "";
            if (!vx.equals(vy)) subparts(out, path + "." + (c + 1), vx, vy, sx, sy);
        }
    }

    private static void subparts(List<Difference> out, String path, String x, String y, char sx, char sy) {
        List<String> px = split(x, sx);
        List<String> py = split(y, sy);
        if (px.size() == 1 && py.size() == 1) {
            out.add(new Difference(path, x, y));
            return;
        }
        for (int s = 0; s < Math.max(px.size(), py.size()); s++) {
            String vx = s < px.size() ? px.get(s) : "";
            String vy = s < py.size() ? py.get(s) : "";
            if (!vx.equals(vy)) out.add(new Difference(path + "." + (s + 1), vx, vy));
        }
    }

    private static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == separator) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }

    /**
     * JSON by path: {@code before} and {@code after} are trees of {@link Map} (objects), {@link List}
     * (arrays) and plain values (text, numbers, booleans, null). A value is shown as its text.
     */
    public static List<Difference> json(Object before, Object after) {
        List<Difference> out = new ArrayList<>();
        json(out, "$", before, after);
        return out;
    }

    private static void json(List<Difference> out, String path, Object a, Object b) {
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
            Set<Object> keys = new LinkedHashSet<>(ma.keySet());
            keys.addAll(mb.keySet());
            for (Object key : keys) {
                String at = path + "." + key;
                if (!ma.containsKey(key)) out.add(new Difference(at, null, shown(mb.get(key))));
                else if (!mb.containsKey(key)) out.add(new Difference(at, shown(ma.get(key)), null));
                else json(out, at, ma.get(key), mb.get(key));
            }
        } else if (a instanceof List<?> la && b instanceof List<?> lb) {
            for (int i = 0; i < Math.max(la.size(), lb.size()); i++) {
                String at = path + "[" + i + "]";
                if (i >= la.size()) out.add(new Difference(at, null, shown(lb.get(i))));
                else if (i >= lb.size()) out.add(new Difference(at, shown(la.get(i)), null));
                else json(out, at, la.get(i), lb.get(i));
            }
        } else if (!sameValue(a, b)) {
            out.add(new Difference(path, shown(a), shown(b)));
        }
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new java.math.BigDecimal(x.toString()).compareTo(new java.math.BigDecimal(y.toString())) == 0;
        }
        return Objects.equals(a, b);
    }

    private static String shown(Object value) {
        if (value == null) return "null";
        if (value instanceof String s) return s;
        return value.toString();
    }

    /** Text line by line: each run of changed lines as one difference at its first line ({@code line 12}). */
    public static List<Difference> text(String before, String after) {
        List<Difference> out = new ArrayList<>();
        List<LineDiff.Line> lines = LineDiff.lines(LineDiff.split(before), LineDiff.split(after));
        int i = 0;
        int oldLine = 0;
        int newLine = 0;
        while (i < lines.size()) {
            LineDiff.Line l = lines.get(i);
            if (l.kind() == LineDiff.Line.Kind.SAME) {
                oldLine = l.oldLine();
                newLine = l.newLine();
                i++;
                continue;
            }
            List<String> removed = new ArrayList<>();
            List<String> added = new ArrayList<>();
            while (i < lines.size() && lines.get(i).kind() != LineDiff.Line.Kind.SAME) {
                LineDiff.Line c = lines.get(i++);
                if (c.kind() == LineDiff.Line.Kind.REMOVED) removed.add(c.text());
                else added.add(c.text());
            }
            int at = removed.isEmpty() ? newLine + 1 : oldLine + 1;
            out.add(new Difference("line " + at, removed.isEmpty() ? null : String.join("\n", removed),
                    added.isEmpty() ? null : String.join("\n", added)));
        }
        return out;
    }
}
