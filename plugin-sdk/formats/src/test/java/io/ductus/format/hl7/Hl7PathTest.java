package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Hl7PathTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            PID-3          | PID | 1 | 3  | 0 | 0 | 0
            PID-3.1        | PID | 1 | 3  | 0 | 1 | 0
            PID-3.1.2      | PID | 1 | 3  | 0 | 1 | 2
            OBX[2]-5       | OBX | 2 | 5  | 0 | 0 | 0
            PID-3(2).1     | PID | 1 | 3  | 2 | 1 | 0
            MSH-10         | MSH | 1 | 10 | 0 | 0 | 0
            ZP1[12]-3(4).5.6 | ZP1 | 12 | 3 | 4 | 5 | 6
            """)
    void reads_segment_occurrence_field_repetition_component_and_subcomponent(
            String text, String segment, int occurrence, int field, int repetition, int component, int subcomponent) {
        assertThat(Hl7Path.parse(text)).isEqualTo(new Hl7Path(segment, occurrence, field, repetition, component, subcomponent));
    }

    @ParameterizedTest
    @ValueSource(strings = {"PID-3", "PID-3.1", "PID-3.1.2", "OBX[2]-5", "PID-3(2).1", "ZP1[12]-3(4).5.6"})
    void writes_back_what_it_read(String text) {
        assertThat(Hl7Path.parse(text).toString()).isEqualTo(text);
    }

    /** The syntax as the regular expression that read paths before the hand-written reader. */
    private static final Pattern SYNTAX = Pattern.compile(
            "([A-Z][A-Z0-9]{2})(?:\\[(\\d{1,4})])?-(\\d{1,3})(?:\\((\\d{1,4})\\))?(?:\\.(\\d{1,3})(?:\\.(\\d{1,3}))?)?");

    @Test
    void reads_exactly_what_the_regular_expression_of_the_syntax_reads() {
        String alphabet = "PIDOBXZ1290[]()-.. \tpa";
        Random random = new Random(42);
        int accepted = 0;
        for (int i = 0; i < 100_000; i++) {
            String text = i % 2 == 0 ? mutated(random) : randomText(random, alphabet);
            String expected = byRegex(text);
            String actual;
            try {
                actual = describe(Hl7Path.parse(text));
                accepted++;
            } catch (IllegalArgumentException e) {
                actual = "error: " + e.getMessage();
            }
            assertThat(actual).as("'%s'", text).isEqualTo(expected);
        }
        assertThat(accepted).isGreaterThan(5_000);
    }

    private static String describe(Hl7Path p) {
        return p.segment() + " " + p.occurrence() + " " + p.field() + " " + p.repetition() + " " + p.component() + " " + p.subcomponent();
    }

    /** A valid path with one character changed, added or removed (or none). */
    private static String mutated(Random random) {
        StringBuilder s = new StringBuilder(new String[] {"PID-3", "PID-3.1", "OBX[2]-5.1.2", "PID-3(2).1", "ZP1[12]-3(4).5.6",
                "MSH-10", "OBX[0]-0", " PID-003.01 ", "PV1-19(1000).999.999", "OBX[1234]-5", "PID-123(1234).123.123"}[random.nextInt(11)]);
        switch (random.nextInt(4)) {
            case 0 -> s.setCharAt(random.nextInt(s.length()), "09[]().-A \t".charAt(random.nextInt(11)));
            case 1 -> s.insert(random.nextInt(s.length() + 1), "09[]().-A".charAt(random.nextInt(9)));
            case 2 -> s.deleteCharAt(random.nextInt(s.length()));
            default -> { }
        }
        return s.toString();
    }

    private static String randomText(Random random, String alphabet) {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(14);
        for (int i = 0; i < n; i++) s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        return s.toString();
    }

    /** What the regular expression read, in the words of {@link #describe} or the error Hl7Path.parse gives. */
    private static String byRegex(String text) {
        String s = text == null ? "" : text.strip();
        Matcher m = SYNTAX.matcher(s);
        if (!m.matches()) return "error: expected " + Hl7Path.EXPECTED + ", got '" + s + "'";
        int occurrence = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        int field = Integer.parseInt(m.group(3));
        int repetition = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
        int component = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
        int subcomponent = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
        if (occurrence == 0 || field == 0 || (m.group(4) != null && repetition == 0) || (m.group(5) != null && component == 0)
                || (m.group(6) != null && subcomponent == 0)) {
            return "error: numbers in an HL7 path count from 1, got '" + s + "'";
        }
        return m.group(1) + " " + occurrence + " " + field + " " + repetition + " " + component + " " + subcomponent;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            pid-3       | expected an HL7 path
            PID         | expected an HL7 path
            PID-        | expected an HL7 path
            PID-3..1    | expected an HL7 path
            PID-0       | count from 1
            PID-3.0     | count from 1
            OBX[0]-5    | count from 1
            PID-3(0)    | count from 1
            ''          | expected an HL7 path
            1ID-3       | expected an HL7 path
            PID-3.1.2.3 | expected an HL7 path
            """)
    void refuses_what_is_not_a_path_and_says_why(String text, String reason) {
        assertThatThrownBy(() -> Hl7Path.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(reason);
        assertThat(Hl7Path.isValid(text)).isFalse();
    }

    @Test
    void a_path_read_again_is_the_same_and_a_bad_one_is_refused_again() {
        assertThat(Hl7Path.parse("OBX[2]-5.1")).isSameAs(Hl7Path.parse("OBX[2]-5.1")).isEqualTo(new Hl7Path("OBX", 2, 5, 0, 1, 0));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> Hl7Path.parse("PID-0")).hasMessageContaining("count from 1");
            assertThatThrownBy(() -> Hl7Path.relative("PID", "x")).hasMessage("expected " + Hl7Path.EXPECTED + ", got 'PID-x'");
        }
    }

    @Test
    void a_segments_path_is_the_path_of_its_name_and_field_path() {
        for (String fieldPath : new String[] {"5", "5.1", "3(2).1.2", "7 "}) {
            for (String segment : new String[] {"PID", "OBX", "ZP1"}) {
                assertThat(Hl7Path.relative(segment, fieldPath)).isEqualTo(Hl7Path.parse(segment + "-" + fieldPath));
                assertThat(Hl7Path.relative(segment, fieldPath)).isSameAs(Hl7Path.relative(segment, fieldPath));
            }
        }
    }

    @Test
    void paths_past_what_is_remembered_are_read_as_before() {
        for (int i = 1; i <= 5000; i++) { // more than are kept: code that builds its paths
            assertThat(Hl7Path.parse("OBX[" + i + "]-5")).isEqualTo(new Hl7Path("OBX", i, 5, 0, 0, 0));
            assertThat(Hl7Path.relative("ZP" + (i % 10), i % 999 + 1 + ".1")).isEqualTo(new Hl7Path("ZP" + (i % 10), 1, i % 999 + 1, 0, 1, 0));
        }
    }
}
