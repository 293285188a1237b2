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
        // In the header MSH-1 is the field separator itself: fields count from 1 after the name, one further on there.
        int shift = msh ? 1 : 0;
        // Field by field in step, each at the separator before it (-1 past the last), only differing ones copied out:
        // segments that differ usually differ in one field.
        char sepX = dx.field();
        char sepY = dy.field();
        int px = x.indexOf(sepX);
        int py = y.indexOf(sepY);
        for (int f = 1; px >= 0 || py >= 0; f++) {
            int ex = px < 0 ? -1 : end(x, sepX, px + 1);
            int ey = py < 0 ? -1 : end(y, sepY, py + 1);
            int lx = px < 0 ? 0 : ex - px - 1;
            int ly = py < 0 ? 0 : ey - py - 1;
            boolean same = lx == ly && (lx == 0 || x.regionMatches(px + 1, y, py + 1, lx));
            String vx = same || px < 0 ? "" : x.substring(px + 1, ex);
            String vy = same || py < 0 ? "" : y.substring(py + 1, ey);
            px = px < 0 || ex >= x.length() ? -1 : ex;
            py = py < 0 || ey >= y.length() ? -1 : ey;
            if (same) continue;
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

    /** The index of the next separator at or after {@code from}, or the text's length. */
    private static int end(String text, char separator, int from) {
        int i = text.indexOf(separator, from);
        return i < 0 ? text.length() : i;
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

    /**
     * XML by element path: {@code /order/patient/name}, a position when siblings share the name
     * ({@code /order/item[2]}), attributes as {@code /order/@id}, an element's own text at its path. Text
     * that is only white space between elements is layout, not content; comments and processing
     * instructions are not compared. Namespaces count by their URI, shown with the element's prefix.
     */
    public static List<Difference> xml(org.w3c.dom.Element before, org.w3c.dom.Element after) {
        List<Difference> out = new ArrayList<>();
        if (!sameName(before, after)) {
            out.add(new Difference("/", "<" + before.getTagName() + ">", "<" + after.getTagName() + ">"));
            return out;
        }
        xml(out, "/" + before.getTagName(), before, after);
        return out;
    }

    private static void xml(List<Difference> out, String path, org.w3c.dom.Element a, org.w3c.dom.Element b) {
        Map<String, String> attrsA = attributes(a);
        Map<String, String> attrsB = attributes(b);
        Set<String> names = new java.util.TreeSet<>(attrsA.keySet());
        names.addAll(attrsB.keySet());
        for (String n : names) {
            if (!Objects.equals(attrsA.get(n), attrsB.get(n))) out.add(new Difference(path + "/@" + n, attrsA.get(n), attrsB.get(n)));
        }
        String textA = ownText(a);
        String textB = ownText(b);
        if (!textA.equals(textB)) out.add(new Difference(path, textA.isEmpty() ? null : textA, textB.isEmpty() ? null : textB));
        Map<String, List<org.w3c.dom.Element>> ca = children(a);
        Map<String, List<org.w3c.dom.Element>> cb = children(b);
        Set<String> tags = new LinkedHashSet<>(ca.keySet());
        tags.addAll(cb.keySet());
        for (String tag : tags) {
            List<org.w3c.dom.Element> la = ca.getOrDefault(tag, List.of());
            List<org.w3c.dom.Element> lb = cb.getOrDefault(tag, List.of());
            boolean numbered = la.size() > 1 || lb.size() > 1;
            for (int i = 0; i < Math.max(la.size(), lb.size()); i++) {
                String at = path + "/" + tag + (numbered ? "[" + (i + 1) + "]" : "");
                if (i >= la.size()) out.add(new Difference(at, null, shown(lb.get(i))));
                else if (i >= lb.size()) out.add(new Difference(at, shown(la.get(i)), null));
                else xml(out, at, la.get(i), lb.get(i));
            }
        }
    }

    private static boolean sameName(org.w3c.dom.Element a, org.w3c.dom.Element b) {
        String la = a.getLocalName() == null ? a.getTagName() : a.getLocalName();
        String lb = b.getLocalName() == null ? b.getTagName() : b.getLocalName();
        return la.equals(lb) && Objects.equals(a.getNamespaceURI(), b.getNamespaceURI());
    }

    /** Attributes by name, namespace declarations left out (a prefix is spelling, not content). */
    private static Map<String, String> attributes(org.w3c.dom.Element e) {
        Map<String, String> map = new java.util.TreeMap<>();
        org.w3c.dom.NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            org.w3c.dom.Node n = attrs.item(i);
            if (n.getNodeName().equals("xmlns") || n.getNodeName().startsWith("xmlns:")) continue;
            map.put(n.getNodeName(), n.getNodeValue());
        }
        return map;
    }

    private static String ownText(org.w3c.dom.Element e) {
        StringBuilder text = new StringBuilder();
        boolean elements = false;
        for (org.w3c.dom.Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n.getNodeType() == org.w3c.dom.Node.TEXT_NODE || n.getNodeType() == org.w3c.dom.Node.CDATA_SECTION_NODE) {
                text.append(n.getNodeValue());
            } else if (n.getNodeType() == org.w3c.dom.Node.ELEMENT_NODE) {
                elements = true;
            }
        }
        return elements && text.toString().isBlank() ? "" : text.toString();
    }

    private static Map<String, List<org.w3c.dom.Element>> children(org.w3c.dom.Element e) {
        Map<String, List<org.w3c.dom.Element>> byName = new java.util.LinkedHashMap<>();
        for (org.w3c.dom.Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof org.w3c.dom.Element c) byName.computeIfAbsent(c.getTagName(), k -> new ArrayList<>()).add(c);
        }
        return byName;
    }

    private static String shown(org.w3c.dom.Element e) {
        String text = e.getTextContent().strip();
        return "<" + e.getTagName() + ">" + (text.length() > 80 ? text.substring(0, 80) + "…" : text);
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
