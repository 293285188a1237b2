package io.ductus.connector.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileMoverTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"a.csv, a-2.csv", "a, a-2", "a.tar.gz, a-2.tar.gz", ".hidden, .hidden-2"})
    void a_taken_name_gets_a_number_before_its_extension(String name, String second) {
        assertThat(FileMover.numbered(name, 2)).isEqualTo(second);
    }

    @Test
    void a_moved_file_never_overwrites_one_already_there() throws Exception {
        Path done = Files.createDirectories(tmp.resolve("done"));
        Files.writeString(done.resolve("a.csv"), "first");
        Files.writeString(done.resolve("a-2.csv"), "second");
        Path incoming = Files.writeString(tmp.resolve("a.csv"), "third");

        Path moved = FileMover.moveInto(incoming, done);

        assertThat(moved).isEqualTo(done.resolve("a-3.csv"));
        assertThat(Files.readString(done.resolve("a.csv"))).isEqualTo("first");
        assertThat(Files.readString(moved)).isEqualTo("third");
        assertThat(incoming).doesNotExist();
    }

    @Test
    void a_refused_file_gets_a_note_saying_why() throws Exception {
        Path incoming = Files.writeString(tmp.resolve("b.csv"), "x");

        Path moved = FileMover.refuse(incoming, tmp.resolve("error"), "b.csv: line 3: no closing quote");

        assertThat(Files.readString(moved.resolveSibling("b.csv.error.txt"))).startsWith("b.csv: line 3: no closing quote");
    }
}
