package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README works from a clone alone: every file its commands name is in the repository. */
class ReadmeTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern SHELL_BLOCK = Pattern.compile("```sh\\n(.*?)```", Pattern.DOTALL);

    /** The file arguments of the README's ./ductus send commands. */
    static List<String> sentFiles() throws IOException {
        List<String> files = new ArrayList<>();
        Matcher blocks = SHELL_BLOCK.matcher(Files.readString(ROOT.resolve("README.md")));
        while (blocks.find()) {
            for (String line : blocks.group(1).lines().toList()) {
                String command = line.replaceAll("\\s+#.*$", "").strip();
                if (!command.startsWith("./ductus send ")) continue;
                String[] words = command.split("\\s+");
                for (int i = 2; i < words.length; i++) {
                    if (words[i].startsWith("--")) i++; // an option and its value
                    else files.add(words[i]);
                }
            }
        }
        return files;
    }

    @Test
    void the_messages_the_readme_sends_are_shipped_in_examples() throws IOException {
        List<String> files = sentFiles();
        assertThat(files).isNotEmpty();
        for (String file : files) {
            Path path = ROOT.resolve(file).normalize();
            assertThat(path).as(file).startsWith(ROOT.resolve("examples")).isRegularFile();
        }
    }
}
