package io.ductus.studio.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Dictionary;
import org.junit.jupiter.api.Test;

class Hl7TreeViewModelTest {

    private final Hl7TreeViewModel vm = new Hl7TreeViewModel(Hl7Dictionary.standard());
    private final Hl7Node root;

    Hl7TreeViewModelTest() throws Exception {
        Hl7TreeReader.Hl7Tree tree = new Hl7TreeReader().read(Hl7TreeReaderTest.ADT);
        root = tree.root();
        vm.show(tree);
    }

    @Test
    void rows_and_hover_text_name_each_position_and_its_type_from_the_dictionary() {
        assertThat(vm.label(root.find("PID"))).isEqualTo("PID  Patient Identification");
        assertThat(vm.label(root.find("PID-8"))).isEqualTo("PID-8  Administrative Sex   F");
        assertThat(vm.tooltip(root.find("PID-5.1"))).isEqualTo("PID-5.1 — Family Name (FN)\nDOE");
        assertThat(vm.tooltip(root.find("PID-3(2).4"))).startsWith("PID-3(2).4 — Assigning Authority (HD)");
        assertThat(vm.tooltip(root.find("PID-11.1.2"))).startsWith("PID-11.1.2 — Street Name (ST)");
    }

    @Test
    void the_side_panel_describes_the_selection_and_what_is_under_it() {
        vm.selectedProperty().set(root.find("PID-5"));
        assertThat(vm.selectedTitleProperty().get()).isEqualTo("PID-5 — Patient Name (XPN)");
        assertThat(vm.details()).extracting(d -> d.path() + " " + d.name() + " " + d.dataType() + " " + d.value())
                .containsExactly("PID-5 Patient Name XPN DOE^JANE^Q", "PID-5.1 Family Name FN DOE", "PID-5.2 Given Name ST JANE",
                        "PID-5.3 Second And Further Given Names Or Initials Thereof ST Q");
    }

    @Test
    void a_position_the_dictionary_does_not_know_shows_its_path_only() throws Exception {
        Hl7TreeReader.Hl7Tree tree = new Hl7TreeReader().read("MSH|^~\\&|A|B|C|D|20261201||ADT^A01|M3|P|2.5\rZPI|1|site value\r");
        vm.show(tree);
        assertThat(vm.label(tree.root().find("ZPI"))).isEqualTo("ZPI  site-defined");
        assertThat(vm.label(tree.root().find("ZPI-2"))).isEqualTo("ZPI-2   site value");
        assertThat(vm.tooltip(tree.root().find("ZPI-2"))).isEqualTo("ZPI-2\nsite value");
    }

    @Test
    void names_follow_the_version_the_message_names() throws Exception {
        // PID-8 is "Sex" in v2.3 and "Administrative Sex" from v2.4 on.
        Hl7TreeReader.Hl7Tree tree = new Hl7TreeReader().read("MSH|^~\\&|A|B|C|D|20261201||ADT^A01|M4|P|2.3\rPID|1||MRN||DOE||19700101|F\r");
        vm.show(tree);
        assertThat(vm.label(tree.root().find("PID-8"))).isEqualTo("PID-8  Sex   F");
    }
}
