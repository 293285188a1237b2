package io.ductus.sdk.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReadinessTest {

    private final Readiness unchanged = new Readiness(Readiness.glob("*"), Optional.empty());

    @Test
    void a_file_is_ready_once_its_size_and_time_are_unchanged_since_the_previous_listing() {
        ListedFile growing = new ListedFile("a.csv", 100, 1000);
        ListedFile grown = new ListedFile("a.csv", 250, 1500);

        assertThat(unchanged.ready(List.of(growing), Map.of(), null)).as("first sight").isEmpty();
        assertThat(unchanged.ready(List.of(grown), Map.of("a.csv", growing), null)).as("still growing").isEmpty();
        assertThat(unchanged.ready(List.of(grown), Map.of("a.csv", grown), null)).containsExactly(grown);
    }

    @Test
    void a_touched_file_of_the_same_size_is_not_ready() {
        ListedFile before = new ListedFile("a.csv", 100, 1000);
        ListedFile touched = new ListedFile("a.csv", 100, 1001);

        assertThat(unchanged.ready(List.of(touched), Map.of("a.csv", before), null)).isEmpty();
    }

    @Test
    void ready_files_come_oldest_first_then_by_name() {
        ListedFile newest = new ListedFile("a.csv", 1, 3000);
        ListedFile oldB = new ListedFile("b.csv", 1, 1000);
        ListedFile oldA = new ListedFile("a2.csv", 1, 1000);
        List<ListedFile> listing = List.of(newest, oldB, oldA);

        assertThat(unchanged.ready(listing, byName(listing), null)).containsExactly(oldA, oldB, newest);
    }

    @Test
    void dot_files_and_names_outside_the_pattern_are_never_ready() {
        Readiness csvOnly = new Readiness(Readiness.glob("*.csv"), Optional.empty());
        List<ListedFile> listing = List.of(new ListedFile(".a.csv", 1, 1), new ListedFile("b.txt", 1, 1), new ListedFile("c.csv", 1, 1));

        assertThat(csvOnly.ready(listing, byName(listing), null)).extracting(ListedFile::name).containsExactly("c.csv");
    }

    @Test
    void with_a_marker_a_file_is_ready_when_its_marker_exists_and_the_marker_itself_is_not_read() {
        Readiness marked = new Readiness(Readiness.glob("*"), Optional.of(".done"));
        ListedFile a = new ListedFile("a.hl7", 10, 1);
        ListedFile b = new ListedFile("b.hl7", 10, 2);
        List<ListedFile> listing = List.of(a, b, new ListedFile("a.hl7.done", 0, 3));

        assertThat(marked.ready(listing, Map.of(), null)).as("no earlier listing needed").containsExactly(a);
        assertThat(marked.ready(listing, byName(listing), null)).as("b has no marker").containsExactly(a);
    }

    @Test
    void the_file_being_read_at_the_last_stop_goes_first_at_once_when_unchanged() {
        ListedFile older = new ListedFile("a.csv", 1, 1000);
        ListedFile inProgress = new ListedFile("z.csv", 500, 2000);
        List<ListedFile> listing = List.of(older, inProgress);

        assertThat(unchanged.ready(listing, Map.of(), inProgress)).as("first poll after a restart").containsExactly(inProgress);
        assertThat(unchanged.ready(listing, byName(listing), inProgress)).containsExactly(inProgress, older);
    }

    @Test
    void the_file_being_read_waits_like_any_other_when_it_changed() {
        ListedFile saved = new ListedFile("z.csv", 500, 2000);
        ListedFile changed = new ListedFile("z.csv", 900, 2500);

        assertThat(unchanged.ready(List.of(changed), Map.of(), saved)).isEmpty();
    }

    private static Map<String, ListedFile> byName(List<ListedFile> files) {
        return files.stream().collect(java.util.stream.Collectors.toMap(ListedFile::name, f -> f));
    }
}
