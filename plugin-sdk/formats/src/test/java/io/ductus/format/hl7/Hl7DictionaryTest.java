package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import ca.uhn.hl7v2.model.Segment;
import ca.uhn.hl7v2.model.v251.message.ADT_A01;
import ca.uhn.hl7v2.model.v28.message.ORU_R01;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Hl7DictionaryTest {

    private final Hl7Dictionary dictionary = Hl7Dictionary.standard();

    @Test
    void names_fields_and_components_by_position() {
        Hl7Dictionary.Field name = dictionary.field("2.5.1", "PID", 5).orElseThrow();
        assertThat(name.name()).isEqualTo("Patient Name");
        assertThat(name.dataType()).isEqualTo("XPN");
        assertThat(name.required()).isTrue();
        assertThat(name.repeats()).isTrue();
        assertThat(dictionary.component("2.5.1", "XPN", 2).orElseThrow().name()).isEqualTo("Given Name");
        assertThat(dictionary.describe("2.5.1", Hl7Path.parse("PID-5.2"))).hasValue("Patient Name, Given Name");
        assertThat(dictionary.label("2.5.1", Hl7Path.parse("PID-3"))).isEqualTo("PID-3 (Patient Identifier List)");
    }

    @Test
    void names_subcomponents_through_the_components_type() {
        assertThat(dictionary.describe("2.5.1", Hl7Path.parse("PID-3.4.1")))
                .hasValue("Patient Identifier List, Assigning Authority, Namespace ID");
    }

    @Test
    void z_segments_and_unknown_positions_have_no_name() {
        assertThat(dictionary.describe("2.5.1", Hl7Path.parse("ZPI-1"))).isEmpty();
        assertThat(dictionary.label("2.5.1", Hl7Path.parse("PID-99"))).isEqualTo("PID-99");
    }

    @ParameterizedTest
    @CsvSource({"2.5.1,2.5.1", "2.7.1,2.7", "2.9,2.8", "2.2,2.3", "'',2.5.1", "x,2.5.1"})
    void reads_a_version_as_the_nearest_it_knows(String msh12, String known) {
        assertThat(dictionary.version(msh12)).isEqualTo(known);
    }

    @Test
    void covers_the_segments_of_every_family_in_every_version() throws Exception {
        assertThat(dictionary.versions()).containsExactly("2.3", "2.3.1", "2.4", "2.5", "2.5.1", "2.6", "2.7", "2.8");
        for (String version : dictionary.versions()) {
            assertThat(dictionary.segments(version)).as(version)
                    .containsAll(Hl7DictionaryGenerator.segmentsOf(version))
                    .contains("MSH", "MSA", "PID", "PV1", "OBR", "OBX", "ORC", "SCH", "TXA", "FT1", "EVN", "NK1", "AL1");
        }
    }

    @Test
    void agrees_with_hapis_structures() throws Exception {
        agree("2.5.1", new ADT_A01().getPID());
        agree("2.5.1", new ADT_A01().getPV1());
        agree("2.8", new ORU_R01().getPATIENT_RESULT().getORDER_OBSERVATION().getOBSERVATION().getOBX());
    }

    private void agree(String version, Segment segment) throws Exception {
        for (int f = 1; f <= segment.numFields(); f++) {
            Hl7Dictionary.Field field = dictionary.field(version, segment.getName(), f).orElseThrow();
            assertThat(field.name()).isEqualTo(segment.getNames()[f - 1]);
            assertThat(field.dataType()).isEqualTo(segment.getField(f, 0).getName());
            assertThat(field.required()).isEqualTo(segment.isRequired(f));
        }
    }
}
