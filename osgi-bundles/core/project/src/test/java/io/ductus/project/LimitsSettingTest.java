package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ductus.yaml's limits: the engine-wide budget of bytes in flight, read, defaulted and refused with its line. */
class LimitsSettingTest {

    @TempDir
    Path project;

    @Test
    void reads_the_budget_of_bytes_in_flight() throws IOException {
        Files.writeString(project.resolve("ductus.yaml"), "limits: { bytes_in_flight_mb: 96 }\n");
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.problems()).isEmpty();
        assertThat(loaded.project().settings().bytesInFlightMb()).contains(96L);
    }

    @Test
    void without_it_the_engine_takes_its_default_for_the_heap() throws IOException {
        Files.writeString(project.resolve("ductus.yaml"), "time_zone: UTC\n");
        assertThat(ProjectLoader.load(project, TestTypes.KNOWN).project().settings().bytesInFlightMb()).isEmpty();
    }

    @Test
    void a_budget_too_small_for_one_large_frame_is_refused_with_its_line() throws IOException {
        Files.writeString(project.resolve("ductus.yaml"), "time_zone: UTC\nlimits:\n  bytes_in_flight_mb: 8\n");
        assertThat(ProjectLoader.load(project, TestTypes.KNOWN).problems()).extracting(Problem::toString)
                .singleElement().satisfies(p -> assertThat(p).startsWith("ductus.yaml:3:").contains("limits.bytes_in_flight_mb"));
    }
}
