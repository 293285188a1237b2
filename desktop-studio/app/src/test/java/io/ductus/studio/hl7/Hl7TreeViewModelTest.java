package io.ductus.studio.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Hl7TreeViewModelTest {

    private final Hl7TreeViewModel vm = new Hl7TreeViewModel(new BuiltInHl7Dictionary());
    private final Hl7Node root;

    Hl7TreeViewModelTest() throws Exception {
        root = new CoreHl7TreeReader().read(CoreHl7TreeReaderTest.ADT).root();
        vm.show(root);
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
                        "PID-5.3 Second and Further Given Names or Initials Thereof ST Q");
    }

    @Test
    void a_position_the_dictionary_does_not_know_shows_its_path_only() {
        Hl7TreeViewModel bare = new Hl7TreeViewModel(Hl7Dictionary.NONE);
        assertThat(bare.label(root.find("PID-8"))).isEqualTo("PID-8   F");
        assertThat(bare.tooltip(root.find("PID-8"))).isEqualTo("PID-8\nF");
    }
}
