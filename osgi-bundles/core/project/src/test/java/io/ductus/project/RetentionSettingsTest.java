package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.retention.KeepYears;
import io.ductus.core.retention.Window;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetentionSettingsTest {

    @TempDir
    Path project;

    @Test
    void an_interface_keeps_its_own_window_or_the_projects_default() throws IOException {
        write("ductus.yaml", "retention: 3w\naudit: { keep: 10y }\n");
        write("interfaces/adt/interface.yaml", """
                source: internal
                format: hl7
                retention: 1w
                quarantined: purge
                destinations: { out: { type: file, path: out } }
                """);
        write("interfaces/lab/interface.yaml", """
                source: internal
                format: hl7
                destinations: { out: { type: file, path: out } }
                """);
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.problems()).isEmpty();
        var settings = loaded.project().settings();
        assertThat(settings.retention()).isEqualTo(Window.THREE_WEEKS);
        assertThat(settings.auditKeep()).isEqualTo(new KeepYears(10));
        InterfaceDefinition adt = loaded.project().interfaces().get("adt");
        assertThat(adt.keeping()).isEqualTo(new InterfaceDefinition.Keeping(Optional.of(Window.ONE_WEEK), true));
        InterfaceDefinition lab = loaded.project().interfaces().get("lab");
        assertThat(lab.keeping().window(settings.retention())).isEqualTo(Window.THREE_WEEKS);
        assertThat(lab.keeping().purgeQuarantined()).isFalse();
    }

    @Test
    void without_settings_messages_are_kept_seven_weeks_and_audit_rows_six_years() throws IOException {
        write("interfaces/lab/interface.yaml", "source: internal\nformat: hl7\ndestinations: { out: { type: file, path: out } }\n");
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.project().settings().retention()).isEqualTo(Window.SEVEN_WEEKS);
        assertThat(loaded.project().settings().auditKeep()).isEqualTo(KeepYears.DEFAULT);
    }

    @Test
    void a_window_that_is_not_whole_weeks_and_a_keep_that_is_not_years_name_file_line_and_field() throws IOException {
        write("ductus.yaml", "audit:\n  keep: 18 months\n");
        write("interfaces/adt/interface.yaml", """
                source: internal
                format: hl7
                retention: 30d
                quarantined: forever
                destinations: { out: { type: file, path: out } }
                """);
        var problems = ProjectLoader.load(project, TestTypes.KNOWN).problems().stream()
                .map(p -> p.file() + ":" + p.line() + ": " + p.field() + ": " + p.message()).toList();
        assertThat(problems).anySatisfy(p -> assertThat(p).startsWith("ductus.yaml:2: audit.keep: ").contains("whole years"));
        assertThat(problems).anySatisfy(p -> assertThat(p).startsWith("interfaces/adt/interface.yaml:3: retention: ").contains("1w, 3w, 7w"));
        assertThat(problems).anySatisfy(p -> assertThat(p).startsWith("interfaces/adt/interface.yaml:4: quarantined: ").contains("keep, purge"));
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
