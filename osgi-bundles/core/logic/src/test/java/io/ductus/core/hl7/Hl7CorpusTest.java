package io.ductus.core.hl7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real messages from shared/testdata/corpus, checked against HAPI 2.6.0's parse of each (_oracle/). HAPI
 * decodes escape sequences and this parser does not yet, so values holding the escape character are
 * compared only where HAPI's value is the same text.
 */
class Hl7CorpusTest {

    private static final String FOLDER = "corpus/";
    private static final Pattern STRING_FIELD = Pattern.compile("\"(\\w+)\":\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One line of the oracle: HAPI's reading of message {@code index} (from 0) of a file. */
    record Oracle(String file, int index, boolean ok, String msh9, String msh10, String pid31, String pid51, String segments) {
        @Override
        public String toString() {
            return file + " #" + index;
        }
    }

    static List<Oracle> parsedByHapi() {
        return oracle().stream().filter(Oracle::ok).filter(o -> !o.file().startsWith("MALFORMED_")).toList();
    }

    static List<String> malformedFiles() {
        return manifest().stream().filter(f -> f.startsWith("MALFORMED_")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parsedByHapi")
    void reads_the_same_header_and_patient_values_as_hapi(Oracle hapi) throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(message(hapi));
        assertThat(message.get("MSH-9.1")).isEqualTo(hapi.msh9());
        assertSameUnlessEscaped(message.get("MSH-10"), hapi.msh10());
        assertSameUnlessEscaped(message.get("PID-3.1"), hapi.pid31());
        // From v2.5 on, PID-5.1 is a composite (family name &amp; prefixes); HAPI's oracle holds its first part.
        assertSameUnlessEscaped(message.get("PID-5.1.1"), hapi.pid51());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parsedByHapi")
    void finds_every_segment_hapi_found(Oracle hapi) throws Hl7ParseException {
        List<String> ours = Hl7Message.parse(message(hapi)).segmentNames();
        // HAPI leaves out segments its structure for the message type does not place (Z-segments, unknown ones).
        assertThat(ours).containsAll(Arrays.asList(hapi.segments().split(" ")));
    }

    /**
     * What this parser does with each damaged file. Three of them HAPI reads too (a message cut mid-segment,
     * and two whose segment breaks were lost, which read as one long MSH); the rest are refused with a reason.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedFiles")
    void damaged_files_are_refused_with_a_reason_or_read_as_documented(String file) {
        String text = read(file);
        Map<String, String> readAnyway = Map.of(
                "MALFORMED_derived-truncated-ADT_A01.hl7", "MSH EVN PID",
                "MALFORMED_hapi-SimpleServerTest-caretM.hl7", "MSH",
                "MALFORMED_nhc-adt-space-separated.hl7", "MSH");
        if (readAnyway.containsKey(file)) {
            assertThat(String.join(" ", parseQuietly(text).segmentNames())).isEqualTo(readAnyway.get(file));
        } else {
            assertThatThrownBy(() -> Hl7Message.parse(text)).isInstanceOf(Hl7ParseException.class).hasMessageStartingWith("segment ");
        }
    }

    @Test
    void the_corpus_has_the_files_the_oracle_names() {
        assertThat(parsedByHapi()).hasSizeGreaterThan(40);
        assertThat(malformedFiles()).hasSize(11);
    }

    @Test
    void reads_the_repetitions_of_a_real_message() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(read("OMD_O03_v2.5_hapi-omd_o03_rep.hl7"));
        assertThat(message.get("PID-3")).isEqualTo("CIPNUM^^^CAEX^CIP^^^^EX&&ES-EX~CIPTWO");
        assertThat(message.get("PID-3(2).1")).isEqualTo("CIPTWO");
        assertThat(message.get("PID-3.9.3")).isEqualTo("ES-EX");
        assertThat(message.get("ODS[3]-3.2")).isEqualTo("SIN SAL");
    }

    @Test
    void reads_a_message_whose_msh_2_has_five_characters() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(read("ORM_O01_v2.7_hapi-ParserTest-truncationChar.hl7"));
        assertThat(message.get("MSH-2")).isEqualTo("^~\\&#");
        assertThat(message.delimiters().truncation()).contains('#');
    }

    /** The message the oracle line is about: files with several messages and batches are split first. */
    private static String message(Oracle hapi) {
        List<byte[]> messages = Hl7Splitter.split(bytes(hapi.file()));
        return new String(messages.get(hapi.index()), charsetOf(hapi.file()));
    }

    private static Hl7Message parseQuietly(String text) {
        try {
            return Hl7Message.parse(text);
        } catch (Hl7ParseException e) {
            throw new AssertionError("expected to read it as HAPI does, got: " + e.getMessage(), e);
        }
    }

    private static void assertSameUnlessEscaped(String ours, String hapi) {
        if (ours.indexOf('\\') >= 0 && !ours.equals(hapi)) return;
        // HAPI reads a field holding only blanks as empty; this parser keeps the bytes as sent.
        if (hapi.isEmpty() && ours.isBlank()) return;
        assertThat(ours).isEqualTo(hapi);
    }

    private static String read(String file) {
        return new String(bytes(file), charsetOf(file));
    }

    /** The one Latin-1 file says so in MSH-18; choosing by MSH-18 is the later charset issue's job. */
    private static Charset charsetOf(String file) {
        return file.contains("latin1") ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
    }

    private static byte[] bytes(String file) {
        try (InputStream in = Hl7CorpusTest.class.getResourceAsStream(FOLDER + file)) {
            if (in == null) throw new IllegalStateException("missing test file " + FOLDER + file);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> manifest() {
        return Arrays.stream(read("MANIFEST.tsv").split("\n")).skip(1).map(line -> line.split("\t")[0])
                .filter(f -> Hl7CorpusTest.class.getResource(FOLDER + f) != null).toList();
    }

    private static List<Oracle> oracle() {
        Stream<String> lines = Arrays.stream(read("_oracle/hapi-2.6.0-lenient.jsonl").split("\n"));
        return lines.filter(line -> line.contains("\"file\":"))
                .map(Hl7CorpusTest::oracleLine)
                .filter(o -> Hl7CorpusTest.class.getResource(FOLDER + o.file()) != null)
                .toList();
    }

    /** The oracle's lines are flat JSON objects of strings and booleans; the core has no JSON library. */
    private static Oracle oracleLine(String line) {
        Map<String, String> values = new java.util.HashMap<>();
        Matcher m = STRING_FIELD.matcher(line);
        while (m.find()) values.put(m.group(1), m.group(2).replace("\\\\", "\\").replace("\\\"", "\""));
        Matcher index = Pattern.compile("\"index\":(\\d+)").matcher(line);
        return new Oracle(values.get("file"), index.find() ? Integer.parseInt(index.group(1)) : 0, line.contains("\"ok\":true"), values.getOrDefault("msh9", ""),
                values.getOrDefault("msh10", ""), values.getOrDefault("pid3_1", ""), values.getOrDefault("pid5_1", ""),
                values.getOrDefault("segments", ""));
    }
}
