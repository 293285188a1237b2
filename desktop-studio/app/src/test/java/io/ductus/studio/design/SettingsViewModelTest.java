package io.ductus.studio.design;

import static io.ductus.studio.design.DesignFixtures.YAML;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.CheckResult;
import io.ductus.client.model.FileProblem;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.settings.SchemaFormTest;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsViewModelTest {

    private static final String SETTINGS = """
            # adt-in: the HIS's ADT feed
            source: { type: mllp, listen: 127.0.0.1:0 }
            format: hl7
            destinations:
              lab:
                type: file
                path: out   # the lab's drop folder
            """;

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");
    private final ManualDelays delays = new ManualDelays();

    private SettingsViewModel.FieldModel field(SettingsViewModel vm, String path) {
        return vm.fields().stream().filter(f -> f.field().path().equals(path)).findFirst().orElseThrow(() -> new AssertionError("no " + path));
    }

    private SettingsViewModel opened(DraftViewModel draft) throws Exception {
        api.design.schemas.put(SettingsViewModel.SCHEMA, SchemaFormTest.schema());
        api.design.deployed("adt-in", Map.of(YAML, SETTINGS, DesignFixtures.JS, "export function transform(msg) { return msg; }"), "bob", "first");
        ServerSession session = Sessions.of(api, new ScriptedDialogs());
        SettingsViewModel vm = new SettingsViewModel(session, draft = draft == null ? new DraftViewModel(session, delays) : draft, delays);
        draft.open("adt-in");
        draft.selectedPathProperty().set(YAML);
        return vm;
    }

    @Test
    void the_form_shows_the_yamls_settings_and_an_edit_in_either_shows_in_the_other_with_the_comments_kept() throws Exception {
        ServerSession session = Sessions.of(api, new ScriptedDialogs());
        DraftViewModel draft = new DraftViewModel(session, delays);
        SettingsViewModel vm = opened(draft);
        assertThat(vm.activeProperty().get()).isTrue();
        assertThat(field(vm, "source.type").valueProperty().get()).isEqualTo("mllp");
        assertThat(field(vm, "destinations.lab.path").valueProperty().get()).isEqualTo("out");
        assertThat(vm.fields()).extracting(f -> f.field().path()).contains("destinations.lab.fsync").doesNotContain("destinations.lab.connect");

        // the form → the YAML: only that value's text changes; a new key goes under its destination
        vm.set(field(vm, "destinations.lab.path"), "/data/lab/{id}.hl7");
        vm.set(field(vm, "destinations.lab.retry.max_attempts"), "5");
        assertThat(draft.textProperty().get()).isEqualTo(SETTINGS.replace("path: out   #", "path: \"/data/lab/{id}.hl7\"   #")
                + "    retry:\n      max_attempts: 5\n");
        assertThat(draft.files().get(YAML)).isEqualTo(draft.textProperty().get());
        delays.advance(DraftViewModel.AUTOSAVE);
        assertThat(api.design.drafts.get("adt-in").files().get(YAML)).contains("max_attempts: 5").contains("# the lab's drop folder");

        // the YAML → the form: a value typed there shows in its field; a type changed brings its connector's fields
        draft.textProperty().set(draft.textProperty().get().replace("format: hl7", "format: json"));
        assertThat(field(vm, "format").valueProperty().get()).isEqualTo("json");
        vm.set(field(vm, "destinations.lab.type"), "mllp");
        assertThat(vm.fields()).extracting(f -> f.field().path()).contains("destinations.lab.connect").doesNotContain("destinations.lab.fsync");
        assertThat(draft.textProperty().get()).contains("    type: mllp\n").startsWith("# adt-in: the HIS's ADT feed\n");

        // a text that is not YAML keeps the form as it last read, and says so
        draft.textProperty().set("source: [");
        assertThat(vm.statusProperty().get()).startsWith("The YAML does not read");
        assertThat(field(vm, "format").valueProperty().get()).isEqualTo("json");
    }

    @Test
    void the_engines_check_follows_the_edits_and_each_problem_shows_on_its_field_and_at_its_line() throws Exception {
        FileProblem timeout = new FileProblem(YAML, 3, 10, "timeout", "'soon' is not a duration such as 5s",
                YAML + ":3:10: timeout: 'soon' is not a duration such as 5s");
        FileProblem lab = new FileProblem(YAML, 6, 5, "destinations.lab", "path is required for a file destination",
                YAML + ":6:5: destinations.lab: path is required for a file destination");
        FileProblem other = new FileProblem(YAML, 1, 1, "", "something of the file as a whole", YAML + ":1:1: something of the file as a whole");
        api.design.checkAnswer = c -> new CheckResult("adt-in", "files", c.files().get(YAML).contains("soon") ? List.of(timeout, lab, other) : List.of());
        ServerSession session = Sessions.of(api, new ScriptedDialogs());
        DraftViewModel draft = new DraftViewModel(session, delays);
        List<Integer> revealed = new ArrayList<>();
        draft.onReveal(revealed::add);
        SettingsViewModel vm = opened(draft);
        delays.advance(SettingsViewModel.CHECK_PAUSE);
        assertThat(api.design.checks).hasSize(1);

        vm.set(field(vm, "timeout"), "soon");
        assertThat(api.design.checks).hasSize(1); // not yet: the check waits for a pause
        delays.advance(SettingsViewModel.CHECK_PAUSE);
        assertThat(api.design.checks).hasSize(2);
        assertThat(api.design.checks.getLast().files().get(YAML)).contains("timeout: soon");
        assertThat(field(vm, "timeout").problemProperty().get()).isEqualTo("'soon' is not a duration such as 5s");
        assertThat(field(vm, "destinations.lab.type").problemProperty().get()).isEqualTo("path is required for a file destination");
        assertThat(vm.otherProblems()).containsExactly(other.text());
        assertThat(draft.fileProblems()).extracting(FileProblem::line).contains(3, 6); // the YAML's gutter too

        vm.showInYaml(field(vm, "timeout"));
        assertThat(vm.showingYamlProperty().get()).isTrue();
        assertThat(revealed).containsExactly(SETTINGS.lines().toList().size() + 1); // timeout: was added as the last line

        vm.set(field(vm, "timeout"), "2s");
        delays.advance(SettingsViewModel.CHECK_PAUSE);
        assertThat(field(vm, "timeout").problemProperty().get()).isEmpty();
        assertThat(vm.otherProblems()).isEmpty();
    }
}
