package io.ductus.core.hl7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
