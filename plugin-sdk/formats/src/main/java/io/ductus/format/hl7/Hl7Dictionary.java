package io.ductus.format.hl7;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Names and data types by position, from the HL7 v2 standard (v2.3 to v2.8): {@code PID-5} is "Patient
 * Name" of type XPN, whose component 2 is "Given Name" of type ST. For the HL7 tree of a message, for
 * errors such as "PID-3 (Patient Identifier List) is empty", and for the docs. The facts are data: the
 * resource {@code hl7-dictionary.tsv}, generated once from HAPI's structure jars (docs/hl7-parser.md),
 * covering the segments of the ADT, ORU, ORM, SIU, MDM, DFT and ACK message structures. Z-segments and
 * positions the standard does not name have no entry. Immutable and thread-safe; {@link #standard()}
 * loads it once.
 */
public final class Hl7Dictionary {

    /** A field of a segment: {@code PID-5} "Patient Name", XPN, required, any number of repetitions. */
    public record Field(String segment, int position, String name, String dataType, boolean required, int maxRepetitions,
                        int length) {
        /** Whether the field may repeat more than once (0 is any number). */
        public boolean repeats() {
            return maxRepetitions != 1;
        }
    }

    /** A component of a composite data type: XPN.2 "Given Name", ST. */
    public record Component(String dataType, int position, String name, String componentType) {
    }

    /** The version a lookup falls back to when a message names none or one the dictionary does not know. */
    public static final String DEFAULT_VERSION = "2.5.1";

    private static final String RESOURCE = "hl7-dictionary.tsv";
    private static volatile Hl7Dictionary standard;

    private final List<String> versions;
    /** version → segment → position → field. */
    private final Map<String, Map<String, Map<Integer, Field>>> fields;
    /** version → data type → position → component. */
    private final Map<String, Map<String, Map<Integer, Component>>> components;

    private Hl7Dictionary(List<String> versions, Map<String, Map<String, Map<Integer, Field>>> fields,
                          Map<String, Map<String, Map<Integer, Component>>> components) {
        this.versions = versions;
        this.fields = fields;
        this.components = components;
    }

    /** The dictionary of the standard, read from its resource on first use. */
    public static Hl7Dictionary standard() {
        Hl7Dictionary d = standard;
        if (d == null) {
            synchronized (Hl7Dictionary.class) {
                if (standard == null) standard = load();
                d = standard;
            }
        }
        return d;
    }

    private static Hl7Dictionary load() {
        try (InputStream in = Hl7Dictionary.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the formats jar");
            return read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Hl7Dictionary read(BufferedReader in) throws IOException {
        List<String> all = new ArrayList<>();
        Map<String, Map<String, Map<Integer, Field>>> fields = new HashMap<>();
        Map<String, Map<String, Map<Integer, Component>>> components = new HashMap<>();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.startsWith("# versions: ")) {
                String list = line.substring(line.lastIndexOf(' ') + 1);
                Collections.addAll(all, list.split(","));
                continue;
            }
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] p = line.split("\t", -1);
            List<String> at = p[0].equals("*") ? all : List.of(p[0].split(","));
            for (String version : at) {
                if (p[1].equals("F")) {
                    Field f = new Field(p[2], Integer.parseInt(p[3]), p[4], p[5], p[6].equals("R"), Integer.parseInt(p[7]),
                            Integer.parseInt(p[8]));
                    fields.computeIfAbsent(version, k -> new HashMap<>()).computeIfAbsent(f.segment(), k -> new TreeMap<>())
                            .put(f.position(), f);
                } else if (p[1].equals("C")) {
                    Component c = new Component(p[2], Integer.parseInt(p[3]), p[4], p[5]);
                    components.computeIfAbsent(version, k -> new HashMap<>()).computeIfAbsent(c.dataType(), k -> new TreeMap<>())
                            .put(c.position(), c);
                }
            }
        }
        return new Hl7Dictionary(List.copyOf(all), fields, components);
    }

    /** The versions the dictionary knows, oldest first. */
    public List<String> versions() {
        return versions;
    }

    /**
     * The known version a message's MSH-12 is read as: itself when known, else the newest known version
     * not after it (2.7.1 → 2.7, 2.9 → 2.8), the oldest for anything before (2.2 → 2.3), and
     * {@link #DEFAULT_VERSION} for text that is no version.
     */
    public String version(String msh12) {
        String v = msh12 == null ? "" : msh12.strip();
        if (versions.contains(v)) return v;
        int[] wanted = numbers(v);
        if (wanted.length == 0) return DEFAULT_VERSION;
        String best = null;
        for (String known : versions) {
            if (java.util.Arrays.compare(numbers(known), wanted) <= 0) best = known;
        }
        return best == null ? versions.get(0) : best;
    }

    private static int[] numbers(String version) {
        if (!version.matches("\\d+(\\.\\d+)*")) return new int[0];
        return java.util.Arrays.stream(version.split("\\.")).mapToInt(Integer::parseInt).toArray();
    }

    /** The segments the dictionary describes in a version. */
    public Set<String> segments(String version) {
        return new TreeSet<>(fields.getOrDefault(version(version), Map.of()).keySet());
    }

    /** Field {@code position} (from 1) of a segment in a version; empty for Z-segments and unnamed positions. */
    public Optional<Field> field(String version, String segment, int position) {
        return Optional.ofNullable(fields.getOrDefault(version(version), Map.of()).getOrDefault(segment, Map.of()).get(position));
    }

    /** Every field of a segment in a version, by position. */
    public List<Field> fields(String version, String segment) {
        return List.copyOf(fields.getOrDefault(version(version), Map.of()).getOrDefault(segment, Map.of()).values());
    }

    /** Component {@code position} (from 1) of a composite data type in a version; empty for primitive types. */
    public Optional<Component> component(String version, String dataType, int position) {
        return Optional.ofNullable(components.getOrDefault(version(version), Map.of()).getOrDefault(dataType, Map.of()).get(position));
    }

    /** Every component of a data type in a version, by position; empty for primitive types. */
    public List<Component> components(String version, String dataType) {
        return List.copyOf(components.getOrDefault(version(version), Map.of()).getOrDefault(dataType, Map.of()).values());
    }

    /**
     * What a path names, in words: {@code PID-5.2} → "Patient Name, Given Name"; {@code PID-3.4.1} → "Patient
     * Identifier List, Assigning Authority, Namespace ID". Empty when the dictionary does not name the field.
     */
    public Optional<String> describe(String version, Hl7Path path) {
        Optional<Field> field = field(version, path.segment(), path.field());
        if (field.isEmpty()) return Optional.empty();
        StringBuilder words = new StringBuilder(field.get().name());
        String type = field.get().dataType();
        for (int position : new int[] {path.component(), path.subcomponent()}) {
            if (position == 0) break;
            Optional<Component> c = component(version, type, position);
            if (c.isEmpty() || c.get().name().isEmpty()) break;
            words.append(", ").append(c.get().name());
            type = c.get().componentType();
        }
        return Optional.of(words.toString());
    }

    /** A path with its name for messages: {@code PID-3 (Patient Identifier List)}, or the path alone. */
    public String label(String version, Hl7Path path) {
        return describe(version, path).map(d -> path + " (" + d + ")").orElse(path.toString());
    }
}
