package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.project.SecretsFile;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SecretCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void set_makes_a_key_on_first_use_and_stores_the_value_encrypted() throws Exception {
        assertThat(run("s3cr3t\n", "set", "API_KEY")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("made a new key: " + dir.resolve("data/secrets.key")).contains("stored API_KEY");
        Path file = dir.resolve("project/secrets/production.json");
        assertThat(Files.readString(file)).contains("API_KEY").doesNotContain("s3cr3t");
        assertThat(SecretsFile.open(file, Optional.empty(), dir.resolve("data")).readAll()).containsEntry("API_KEY", "s3cr3t");

        assertThat(run("other\n", "set", "DB_PASSWORD", "--env", "test")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).doesNotContain("made a new key: " + dir.resolve("data/secrets.key") + "\nstored DB_PASSWORD");
        assertThat(run("", "list", "--env", "test")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).endsWith("DB_PASSWORD\n");
    }

    @Test
    void a_value_is_only_read_from_standard_input() throws Exception {
        assertThat(run("", "set", "API_KEY")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("no value on standard input");
    }

    private int run(String stdin, String... args) throws Exception {
        Files.createDirectories(dir.resolve("project"));
        InputStream realIn = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            CommandLine cli = Main.commandLine();
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            String[] all = new String[args.length + 4];
            System.arraycopy(args, 0, all, 1, args.length);
            all[0] = "secret";
            all[args.length + 1] = "--project=" + dir.resolve("project");
            all[args.length + 2] = "--data=" + dir.resolve("data");
            all[args.length + 3] = "--env=" + (java.util.Arrays.asList(args).contains("test") ? "test" : "production");
            return cli.execute(java.util.Arrays.stream(all).filter(a -> !a.equals("--env") && !a.equals("test")).toArray(String[]::new));
        } finally {
            System.setIn(realIn);
        }
    }
}
