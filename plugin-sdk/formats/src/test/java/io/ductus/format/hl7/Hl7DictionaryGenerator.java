package io.ductus.format.hl7;

import ca.uhn.hl7v2.model.Composite;
import ca.uhn.hl7v2.model.Group;
import ca.uhn.hl7v2.model.Message;
import ca.uhn.hl7v2.model.Segment;
import ca.uhn.hl7v2.model.Structure;
import ca.uhn.hl7v2.model.Type;
import ca.uhn.hl7v2.model.Varies;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Writes the HL7 v2 dictionary resource ({@code hl7-dictionary.tsv}, read by {@link Hl7Dictionary}) from
 * HAPI's structure jars, which hold the facts of the standard: for every message structure of the
 * families ADT, ORU, ORM, SIU, MDM, DFT and ACK in v2.3 to v2.8, every segment they hold with its fields
 * (name, data type, required, repetitions, length), and every composite data type those fields use with
 * its components (name, data type), down to subcomponents. A line holds for the versions it names, so
 * what did not change between versions is written once.
 *
 * <p>Run it (docs/hl7-parser.md): {@code ./mvnw -pl plugin-sdk/formats test -Dtest=Hl7DictionaryGenerator
 * -Dhl7.dictionary.write=true}. Without the property the test does nothing: the resource is data, made once
 * and committed.
 */
class Hl7DictionaryGenerator {

    /** HAPI's package for each version, in order. */
    static final Map<String, String> VERSIONS = new LinkedHashMap<>();

    static {
        VERSIONS.put("2.3", "v23");
        VERSIONS.put("2.3.1", "v231");
        VERSIONS.put("2.4", "v24");
        VERSIONS.put("2.5", "v25");
        VERSIONS.put("2.5.1", "v251");
        VERSIONS.put("2.6", "v26");
        VERSIONS.put("2.7", "v27");
        VERSIONS.put("2.8", "v28");
    }

    private static final Set<String> FAMILIES = Set.of("ADT", "ORU", "ORM", "SIU", "MDM", "DFT", "ACK");
    private static final Pattern NUMBERED_GETTER = Pattern.compile("get[A-Z][A-Za-z0-9]*?(\\d+)_(\\w+)");

    static final Path RESOURCE = Path.of("src/main/resources/io/ductus/format/hl7/hl7-dictionary.tsv");

    @Test
    void writes_the_dictionary_resource_when_asked() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("hl7.dictionary.write"), "run with -Dhl7.dictionary.write=true to write it");
        Files.writeString(RESOURCE, generate(), StandardCharsets.UTF_8);
    }

    /** The resource's text. */
    static String generate() throws Exception {
        // line (without its versions) → versions it holds for, kept in a stable order
        Map<String, List<String>> lines = new TreeMap<>();
        for (Map.Entry<String, String> v : VERSIONS.entrySet()) {
            Map<String, Segment> segments = new TreeMap<>();
            for (String messageClass : messageClasses(v.getValue())) {
                Message message = (Message) Class.forName(messageClass).getConstructor().newInstance();
                collect(message, segments);
            }
            Map<String, Type> types = new TreeMap<>();
            for (Segment segment : segments.values()) {
                for (int f = 1; f <= segment.numFields(); f++) {
                    Type type = fieldType(segment, f);
                    String name = f <= segment.getNames().length ? segment.getNames()[f - 1] : "";
                    add(lines, String.join("\t", "F", segmentName(segment), String.valueOf(f), clean(name), typeName(type),
                            segment.isRequired(f) ? "R" : "O", String.valueOf(Math.max(0, segment.getMaxCardinality(f))),
                            String.valueOf(segment.getLength(f))), v.getKey());
                    collectTypes(type, types);
                }
            }
            for (Type type : types.values()) {
                Type[] components = ((Composite) type).getComponents();
                Map<Integer, String> names = componentNames(type.getClass());
                for (int c = 1; c <= components.length; c++) {
                    add(lines, String.join("\t", "C", type.getName(), String.valueOf(c), clean(names.getOrDefault(c, "")),
                            typeName(components[c - 1])), v.getKey());
                }
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("# HL7 v2 dictionary: segment fields and data type components by position, for the segments of the\n")
                .append("# ADT, ORU, ORM, SIU, MDM, DFT and ACK message structures of v2.3 to v2.8, generated from HAPI 2.6.0's\n")
                .append("# structure jars by Hl7DictionaryGenerator (docs/hl7-parser.md says how to run it again).\n")
                .append("# versions\tF\tsegment\tfield\tname\tdata type\tR(equired)/O(ptional)\tmax repetitions (0: any)\tlength\n")
                .append("# versions\tC\tdata type\tcomponent\tname\tdata type\n")
                .append("# versions: the ones the line holds for, comma-separated; * for all of ")
                .append(String.join(",", VERSIONS.keySet())).append('\n');
        // Fields first (by segment and position), then components, as lines sort.
        List<Map.Entry<String, List<String>>> sorted = new ArrayList<>(lines.entrySet());
        sorted.sort((a, b) -> compareLines(a.getKey(), b.getKey()));
        for (Map.Entry<String, List<String>> line : sorted) {
            String versions = line.getValue().size() == VERSIONS.size() ? "*" : String.join(",", line.getValue());
            out.append(versions).append('\t').append(line.getKey()).append('\n');
        }
        return out.toString();
    }

    private static int compareLines(String a, String b) {
        String[] x = a.split("\t", 4);
        String[] y = b.split("\t", 4);
        int c = x[0].compareTo(y[0]);
        if (c == 0) c = x[1].compareTo(y[1]);
        if (c == 0) c = Integer.compare(Integer.parseInt(x[2]), Integer.parseInt(y[2]));
        return c == 0 ? a.compareTo(b) : c;
    }

    private static void add(Map<String, List<String>> lines, String line, String version) {
        lines.computeIfAbsent(line, k -> new ArrayList<>()).add(version);
    }

    private static List<String> messageClasses(String pkg) throws IOException {
        String folder = "ca/uhn/hl7v2/model/" + pkg + "/message/";
        URL url = Hl7DictionaryGenerator.class.getClassLoader().getResource(folder);
        if (url == null) throw new IllegalStateException("HAPI structures for " + pkg + " are not on the class path");
        List<String> classes = new ArrayList<>();
        JarFile jar = ((JarURLConnection) url.openConnection()).getJarFile();
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
            String name = e.nextElement().getName();
            if (name.startsWith(folder) && name.endsWith(".class") && !name.contains("$")) {
                String simple = name.substring(folder.length(), name.length() - ".class".length());
                if (FAMILIES.contains(simple.split("_")[0])) classes.add((folder + simple).replace('/', '.'));
            }
        }
        return classes;
    }

    private static void collect(Group group, Map<String, Segment> segments) throws Exception {
        for (String name : group.getNames()) {
            Structure s = group.get(name);
            if (s instanceof Group g) collect(g, segments);
            else if (s instanceof Segment seg) segments.putIfAbsent(segmentName(seg), seg);
        }
    }

    /** The segment's name; HAPI calls CON "CON_" (a name Windows reserves for files). */
    private static String segmentName(Segment segment) {
        return segment.getName().replaceAll("_$", "");
    }

    private static Type fieldType(Segment segment, int field) throws Exception {
        Type type = segment.getField(field, 0);
        return type instanceof Varies varies ? varies.getData() : type;
    }

    private static void collectTypes(Type type, Map<String, Type> types) {
        if (!(type instanceof Composite composite) || types.containsKey(type.getName())) return;
        types.put(type.getName(), type);
        for (Type component : composite.getComponents()) collectTypes(component instanceof Varies v ? v.getData() : component, types);
    }

    private static String typeName(Type type) {
        return type instanceof Varies ? "varies" : type.getName();
    }

    /** Component names from HAPI's numbered getters, such as {@code getXpn2_GivenName} → 2, "Given Name". */
    private static Map<Integer, String> componentNames(Class<?> type) {
        Map<Integer, String> names = new TreeMap<>();
        for (Method m : type.getMethods()) {
            Matcher n = NUMBERED_GETTER.matcher(m.getName());
            if (m.getParameterCount() == 0 && n.matches()) names.put(Integer.parseInt(n.group(1)), words(n.group(2)));
        }
        return names;
    }

    /** "GivenName" → "Given Name", "IDNumber" → "ID Number". */
    static String words(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2").replace('_', ' ').strip();
    }

    private static String clean(String name) {
        return name.replace('\t', ' ').replace('\n', ' ').strip();
    }

    /** The segments the generator found for a version (for the tests that compare with HAPI). */
    static Set<String> segmentsOf(String version) throws Exception {
        Map<String, Segment> segments = new TreeMap<>();
        for (String messageClass : messageClasses(VERSIONS.get(version))) {
            collect((Message) Class.forName(messageClass).getConstructor().newInstance(), segments);
        }
        segments.values().removeIf(s -> s.numFields() == 0); // HAPI knows some (CON in 2.7) by name only
        return new TreeSet<>(segments.keySet());
    }
}
