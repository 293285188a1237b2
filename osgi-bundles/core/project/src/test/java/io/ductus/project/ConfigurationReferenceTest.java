package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigurationReferenceTest {

    /** The module runs its tests in osgi-bundles/core/project. */
    private static final Path DOC = Path.of("../../../docs/configuration.md");

    @Test
    void docs_configuration_md_is_generated_from_the_model() throws IOException {
        String generated = ConfigurationReference.markdown();
        if (Boolean.getBoolean("ductus.docs.write")) Files.writeString(DOC, generated, StandardCharsets.UTF_8);
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("docs/configuration.md is out of date: run ./mvnw -pl osgi-bundles/core/project test -Dductus.docs.write=true")
                .isEqualTo(generated);
    }

    @Test
    void the_reference_examples_are_a_valid_project(@TempDir Path project) throws IOException {
        write(project, "ductus.yaml", ConfigurationReference.DUCTUS_EXAMPLE);
        write(project, "resources.yaml", ConfigurationReference.RESOURCES_EXAMPLE);
        write(project, "interfaces/adt-relay/interface.yaml", ConfigurationReference.INTERFACE_EXAMPLE);
        write(project, "interfaces/audit/interface.yaml", ConfigurationReference.ROUTE_TARGET_EXAMPLE);
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.problems()).isEmpty();
        assertThat(loaded.project().interfaces()).containsOnlyKeys("adt-relay", "audit");
    }

    @Test
    void the_reference_lists_nested_keys_with_their_defaults() {
        assertThat(ConfigurationReference.markdown())
                .contains("| `ordering.partitions` | a whole number from 1 to 1024 | `8` |")
                .contains("| `destinations.<name>.retry.max_attempts` | a whole number ≥ 1 | retry forever |")
                .contains("| `databases.<name>.password` | ${secret:NAME} | — |");
    }

    private static void write(Path project, String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
