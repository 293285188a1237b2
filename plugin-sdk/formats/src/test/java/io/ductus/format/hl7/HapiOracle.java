package io.ductus.format.hl7;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * HAPI 2.6.0's reading of the shared corpus (shared/testdata/corpus/_oracle, copied into the test
 * resources): one JSON line per message in the lenient and the strict file, and HAPI's XML tree of each
 * message the lenient parser read.
 */
final class HapiOracle {

    static final String FOLDER = "corpus/";
    private static final Pattern STRING_FIELD = Pattern.compile("\"(\\w+)\":\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern SEGMENT = Pattern.compile("[A-Z][A-Z0-9]{2}");
    private static final Pattern NUMBERED = Pattern.compile("[A-Za-z0-9_]+\\.(\\d+)");

    private HapiOracle() {
    }

    /** One line of an oracle file: HAPI's reading of message {@code index} (from 0) of a file. */
    record Line(String mode, String file, int index, boolean ok, String version, String msh9, String msh10, String pid31,
                String pid51, String segments) {
        @Override
        public String toString() {
            return file + " #" + index + " (" + mode + ")";
        }
    }

    /**
     * One value of HAPI's XML tree. HAPI's XML leaves out empty repetitions, so {@code repetition} counts
     * the non-empty ones (from 1); component and subcomponent are padded to 1 (HAPI puts the first
     * component or subcomponent of a value in a primitive field or component).
     */
    record Leaf(String segment, int occurrence, int field, int repetition, int component, int subcomponent, String value) {
        @Override
        public String toString() {
            return segment + (occurrence > 1 ? "[" + occurrence + "]" : "") + "-" + field + "(" + repetition + ")." + component + "." + subcomponent;
        }
    }

    /** Every line of the lenient and the strict oracle whose file is in the test corpus. */
    static List<Line> lines() {
        List<Line> all = new ArrayList<>();
        for (String mode : List.of("lenient", "strict")) {
            for (String line : text("_oracle/hapi-2.6.0-" + mode + ".jsonl").split("\n")) {
                if (!line.contains("\"file\":")) continue;
                Line parsed = line(mode, line);
                if (HapiOracle.class.getResource(FOLDER + parsed.file()) != null) all.add(parsed);
            }
        }
        return all;
    }

    private static Line line(String mode, String line) {
        Map<String, String> values = new HashMap<>();
        Matcher m = STRING_FIELD.matcher(line);
        while (m.find()) values.put(m.group(1), unescapeJson(m.group(2)));
        Matcher index = Pattern.compile("\"index\":(\\d+)").matcher(line);
        return new Line(mode, values.get("file"), index.find() ? Integer.parseInt(index.group(1)) : 0, line.contains("\"ok\":true"),
                values.getOrDefault("version", ""), values.getOrDefault("msh9", ""), values.getOrDefault("msh10", ""),
                values.getOrDefault("pid3_1", ""), values.getOrDefault("pid5_1", ""), values.getOrDefault("segments", ""));
    }

    private static String unescapeJson(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                out.append(c);
                continue;
            }
            char n = s.charAt(++i);
            switch (n) {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> out.append(n);
            }
        }
        return out.toString();
    }

    /** HAPI's XML tree of a message, if the lenient parser read it. */
    static String xmlName(String file, int index, int messagesInFile) {
        return "_oracle/xml/" + file + (messagesInFile > 1 ? "." + index : "") + ".xml";
    }

    /**
     * Every value in HAPI's XML tree of a message with the path it is at. A value at field level is
     * compared with {@code .1.1} and one at component level with {@code .c.1}: HAPI puts the first
     * component (subcomponent) of a value in a primitive field (component). Formatting escapes, which
     * HAPI's XML writes as {@code <escape V=".br"/>}, are put back as {@code \.br\}.
     */
    static List<Leaf> leaves(String xmlResource) {
        try (InputStream in = HapiOracle.class.getResourceAsStream(FOLDER + xmlResource)) {
            if (in == null) throw new IllegalStateException("missing " + xmlResource);
            var factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Element root = factory.newDocumentBuilder().parse(in).getDocumentElement();
            List<Leaf> leaves = new ArrayList<>();
            segments(root, new HashMap<>(), leaves);
            return leaves;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(xmlResource + ": " + e.getMessage(), e);
        }
    }

    private static void segments(Element element, Map<String, Integer> seen, List<Leaf> leaves) {
        for (Element child : children(element)) {
            String name = child.getLocalName();
            if (SEGMENT.matcher(name).matches()) {
                if (children(child).isEmpty()) continue; // a required segment the message lacks: HAPI writes it empty
                int occurrence = seen.merge(name, 1, Integer::sum);
                fields(child, name, occurrence, leaves);
            } else {
                segments(child, seen, leaves);
            }
        }
    }

    private static void fields(Element segment, String name, int occurrence, List<Leaf> leaves) {
        Map<String, Integer> repetitions = new HashMap<>();
        for (Element field : children(segment)) {
            Matcher m = NUMBERED.matcher(field.getLocalName());
            if (!m.matches()) continue;
            int number = Integer.parseInt(m.group(1));
            int repetition = repetitions.merge(field.getLocalName(), 1, Integer::sum);
            if (isLeaf(field)) {
                leaves.add(new Leaf(name, occurrence, number, repetition, 1, 1, value(field)));
                continue;
            }
            for (Element component : children(field)) {
                Matcher c = NUMBERED.matcher(component.getLocalName());
                if (!c.matches()) continue;
                int comp = Integer.parseInt(c.group(1));
                if (isLeaf(component)) {
                    leaves.add(new Leaf(name, occurrence, number, repetition, comp, 1, value(component)));
                    continue;
                }
                for (Element sub : children(component)) {
                    Matcher s = NUMBERED.matcher(sub.getLocalName());
                    if (s.matches()) leaves.add(new Leaf(name, occurrence, number, repetition, comp, Integer.parseInt(s.group(1)), value(sub)));
                }
            }
        }
    }

    private static boolean isLeaf(Element e) {
        return children(e).stream().allMatch(c -> c.getLocalName().equals("escape"));
    }

    /**
     * The text of a leaf; in mixed content the pretty-printer's line breaks and indentation are dropped.
     * Below a subcomponent (HAPI nests a CWE in the CQ of a TQ) the first part is the subcomponent's text.
     */
    private static String value(Element leaf) {
        List<Element> children = children(leaf);
        if (children.isEmpty()) return leaf.getTextContent();
        if (!isLeaf(leaf)) return children.get(0).getLocalName().endsWith(".1") ? value(children.get(0)) : "";
        StringBuilder s = new StringBuilder();
        for (Node n = leaf.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                s.append('\\').append(e.getAttribute("V")).append('\\');
            } else if (n.getNodeType() == Node.TEXT_NODE) {
                s.append(n.getNodeValue().replaceAll("^\\n\\s*", "").replaceAll("\\n\\s*$", ""));
            }
        }
        return s.toString();
    }

    private static List<Element> children(Element e) {
        List<Element> list = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) if (n instanceof Element c) list.add(c);
        return list;
    }

    static byte[] bytes(String resource) {
        try (InputStream in = HapiOracle.class.getResourceAsStream(FOLDER + resource)) {
            if (in == null) throw new IllegalStateException("missing test file " + FOLDER + resource);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String resource) {
        return new String(bytes(resource), StandardCharsets.UTF_8);
    }

    static List<String> manifestFiles() {
        return Arrays.stream(text("MANIFEST.tsv").split("\n")).skip(1).map(line -> line.split("\t")[0])
                .filter(f -> HapiOracle.class.getResource(FOLDER + f) != null).toList();
    }
}
