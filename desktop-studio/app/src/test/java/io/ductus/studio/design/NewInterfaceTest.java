package io.ductus.studio.design;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NewInterfaceTest {

    @Test
    void each_choice_gives_an_interface_yaml_with_its_connector_settings_and_a_passing_transform() {
        var files = NewInterface.files("lab-results", "http", "json", "mllp");
        assertThat(files).containsOnlyKeys("interfaces/lab-results/interface.yaml", "interfaces/lab-results/transform.js");
        assertThat(files.get("interfaces/lab-results/interface.yaml")).contains("source: { type: http, listen: 127.0.0.1:0, path: /lab-results }")
                .contains("format: json").contains("  out:\n    type: mllp\n    connect: 127.0.0.1:2575");
        assertThat(files.get("interfaces/lab-results/transform.js")).contains("export function transform(msg) {\n  return msg;\n}");
        for (String s : NewInterface.SOURCES) for (String d : NewInterface.DESTINATIONS) assertThat(NewInterface.files("x", s, "hl7", d)).hasSize(2);
    }

    @Test
    void a_name_must_be_an_interfaces_and_new() {
        assertThat(NewInterface.problemWithName("Lab Results", Set.of())).contains("lower-case letters, digits and dashes");
        assertThat(NewInterface.problemWithName("adt-in", Set.of("adt-in"))).isEqualTo("There is an interface adt-in already.");
        assertThat(NewInterface.problemWithName("lab-results", Set.of("adt-in"))).isEmpty();
    }

    @Test
    void creating_one_saves_a_draft_without_a_base_opens_it_in_the_tree_and_tries_it_against_its_input() {
        FakeApi api = new FakeApi().anInterface("adt-in", "lab");
        api.design.deployed("adt-in", DesignFixtures.files("x"), "bob", "first");
        ManualDelays delays = new ManualDelays();
        DesignerViewModel vm = new DesignerViewModel(Sessions.of(api, new ScriptedDialogs()), delays, new Hl7TreeReader(), Hl7Dictionary.standard());
        vm.load();
        vm.newNameProperty().set("adt-in");
        assertThat(vm.createNew()).isFalse();
        assertThat(vm.newProblemProperty().get()).contains("already");
        vm.newNameProperty().set("lab-results");
        vm.newSourceProperty().set("file");
        assertThat(vm.createNew()).isTrue();
        assertThat(api.design.drafts.get("lab-results").base()).isNull();
        assertThat(api.design.drafts.get("lab-results").files().get("interfaces/lab-results/interface.yaml")).contains("type: file, folder: in/lab-results");
        assertThat(vm.draft().interfaceName()).isEqualTo("lab-results");
        assertThat(vm.draft().selectedPathProperty().get()).isEqualTo("interfaces/lab-results/transform.js");
        assertThat(vm.interfaces().entries()).extracting(ProjectIndex.Entry::name).containsExactly("adt-in", "lab-results");
        assertThat(vm.interfaces().statusProperty().get()).isEqualTo("2 interfaces");
        vm.trial().addPasted(DesignFixtures.ADT);
        delays.advance(TrialViewModel.PAUSE);
        assertThat(api.design.trials.getLast().compare()).isEqualTo("input");

        // Opened again later (another window): the draft alone has it, and the tree lists it among the drafts.
        DesignerViewModel later = new DesignerViewModel(Sessions.of(api, new ScriptedDialogs()), new ManualDelays(), new Hl7TreeReader(),
                Hl7Dictionary.standard());
        later.load();
        assertThat(later.interfaces().entries()).extracting(ProjectIndex.Entry::name).containsExactly("adt-in", "lab-results");
        later.open("lab-results");
        assertThat(later.draft().paths()).containsExactlyElementsOf(List.of("interfaces/lab-results/interface.yaml",
                "interfaces/lab-results/transform.js"));
    }
}
