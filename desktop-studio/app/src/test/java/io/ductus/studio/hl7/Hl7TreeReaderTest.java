package io.ductus.studio.hl7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Hl7TreeReaderTest {

    static final String ADT = "MSH|^~\\&|ADMIT|GENHOSP|DUCTUS|LAB|20261201083000||ADT^A01|MSG1|P|2.5\r"
            + "PID|1||MRN1^^^GENHOSP^MR~ALT9^^^OTHER||DOE^JANE^Q||19700101|F|||12 Main St&Apt 4^^Springfield\r"
            + "OBX|1|NM|GLU||5.4\rOBX|2|NM|K||4.1\r";

    private final Hl7TreeReader.Hl7Tree tree = read(ADT);

    private static Hl7TreeReader.Hl7Tree read(String text) {
        try {
            return new Hl7TreeReader().read(text);
        } catch (Hl7TreeReader.Hl7ReadException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void segments_fields_repetitions_components_and_subcomponents_each_have_their_path_and_value() {
        Hl7Node root = tree.root();
        assertThat(root.children()).extracting(Hl7Node::path).containsExactly("MSH", "PID", "OBX", "OBX[2]");
        assertThat(root.find("PID-5").value()).isEqualTo("DOE^JANE^Q");
        assertThat(root.find("PID-5.2").value()).isEqualTo("JANE");
        assertThat(root.find("PID-3").children()).extracting(Hl7Node::path).containsExactly("PID-3(1)", "PID-3(2)");
        assertThat(root.find("PID-3(2).4").value()).isEqualTo("OTHER");
        assertThat(root.find("PID-11.1.2").value()).isEqualTo("Apt 4");
        assertThat(root.find("OBX[2]-5").value()).isEqualTo("4.1");
    }

    @Test
    void msh_1_and_msh_2_are_the_separators_as_hl7_counts_them() {
        assertThat(tree.root().find("MSH-1").value()).isEqualTo("|");
        assertThat(tree.root().find("MSH-2").value()).isEqualTo("^~\\&");
        assertThat(tree.root().find("MSH-9.2").value()).isEqualTo("A01");
        assertThat(tree.root().find("MSH-10").value()).isEqualTo("MSG1");
        assertThat(tree.field()).isEqualTo('|');
        assertThat(tree.subcomponent()).isEqualTo('&');
    }

    @Test
    void each_position_knows_where_it_stands_in_the_text() {
        Hl7Node family = tree.root().find("PID-5.1");
        assertThat(ADT.substring(family.start(), family.end())).isEqualTo("DOE");
        Hl7Node second = tree.root().find("OBX[2]");
        assertThat(ADT.substring(second.start(), second.end())).isEqualTo("OBX|2|NM|K||4.1");
    }

    @Test
    void the_tree_carries_the_version_msh_12_names() {
        assertThat(tree.version()).isEqualTo("2.5");
    }

    @Test
    void trailing_empty_fields_and_a_header_field_that_repeats_each_keep_their_place() {
        String text = "MSH|^~\\&|A|B|C|D|20261201||ORU^R01|M2|P|2.5.1|||||||||\rZZZ|1~2^x||\r";
        Hl7Node root = read(text).root();
        assertThat(root.find("MSH").children()).hasSize(21);
        assertThat(root.find("MSH-21").value()).isEmpty();
        assertThat(root.find("ZZZ-1").children()).extracting(Hl7Node::path).containsExactly("ZZZ-1(1)", "ZZZ-1(2)");
        assertThat(root.find("ZZZ-1(2).2").value()).isEqualTo("x");
        assertThat(root.find("ZZZ-3").value()).isEmpty();
        Hl7Node x = root.find("ZZZ-1(2).2");
        assertThat(text.substring(x.start(), x.end())).isEqualTo("x");
    }

    @Test
    void a_payload_that_is_not_hl7_says_why() {
        assertThatThrownBy(() -> new Hl7TreeReader().read("{\"not\": \"hl7\"}"))
                .isInstanceOf(Hl7TreeReader.Hl7ReadException.class).hasMessageContaining("starts with MSH");
    }
}
