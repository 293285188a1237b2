package io.ductus.sdk.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.records.Position;
import org.junit.jupiter.api.Test;

class FileProgressTest {

    @Test
    void progress_reads_back_as_saved_with_any_file_name() {
        FileProgress progress = FileProgress.start(new ListedFile("lab results = 2026.csv", 1234, 99), "abcdef")
                .advance(new Position(600, 12), 11, false);

        assertThat(FileProgress.decode(progress.encode())).contains(progress);
    }

    @Test
    void text_in_another_format_is_not_progress() {
        assertThat(FileProgress.decode("cursor=42")).isEmpty();
        assertThat(FileProgress.decode("size=x name=a.csv")).isEmpty();
    }

    @Test
    void a_file_is_the_same_only_with_the_same_size_time_and_first_bytes() {
        ListedFile file = new ListedFile("a.csv", 100, 5);
        FileProgress progress = FileProgress.start(file, "f1");

        assertThat(progress.sameFile(file, "f1")).isTrue();
        assertThat(progress.sameFile(file, "f2")).isFalse();
        assertThat(progress.sameFile(new ListedFile("a.csv", 101, 5), "f1")).isFalse();
        assertThat(progress.sameFile(new ListedFile("a.csv", 100, 6), "f1")).isFalse();
    }
}
