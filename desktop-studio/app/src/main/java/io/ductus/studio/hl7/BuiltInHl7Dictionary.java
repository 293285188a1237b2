package io.ductus.studio.hl7;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A small HL7 v2.5 dictionary shipped with the studio ({@code hl7-dictionary.tsv}): the fields of the segments
 * most messages carry (MSH, EVN, PID, PD1, NK1, PV1, PV2, ORC, OBR, OBX, NTE, AL1, DG1, IN1, MSA, ERR, SCH,
 * TXA, FT1, MRG) and the components of their common data types. Until ductus-formats brings the full one.
 * Lines: {@code S <tab> segment <tab> number <tab> name <tab> type} or {@code T <tab> type <tab> number <tab> name <tab> type}.
 */
public final class BuiltInHl7Dictionary implements Hl7Dictionary {

    private final Map<String, Entry> fields = new HashMap<>();
    private final Map<String, Entry> components = new HashMap<>();

    public BuiltInHl7Dictionary() {
        try (InputStream in = BuiltInHl7Dictionary.class.getResourceAsStream("hl7-dictionary.tsv")) {
            if (in == null) throw new IllegalStateException("hl7-dictionary.tsv is missing from the studio's jar");
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            int number = 0;
            for (String line; (line = lines.readLine()) != null; ) {
                number++;
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] p = line.split("\t");
                if (p.length != 5) throw new IllegalStateException("hl7-dictionary.tsv:" + number + ": expected 5 columns, found " + p.length);
                Entry entry = new Entry(p[3], p[4]);
                (p[0].equals("S") ? fields : components).put(p[1] + "-" + Integer.parseInt(p[2]), entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Optional<Entry> field(String segment, int field) {
        return Optional.ofNullable(fields.get(segment + "-" + field));
    }

    @Override
    public Optional<Entry> component(String dataType, int component) {
        return Optional.ofNullable(components.get(dataType + "-" + component));
    }
}
