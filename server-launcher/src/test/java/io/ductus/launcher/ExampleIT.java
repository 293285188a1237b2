package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The README's walk through, on another MLLP port: serve the example, send it the messages it ships, see its files. */
@ExtendWith(EngineLogOnFailure.class)
class ExampleIT {

    private static final Pattern LISTENING = Pattern.compile("MLLP listener on 127\\.0\\.0\\.1:(\\d+)");
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    void the_example_takes_another_mllp_port_and_files_the_messages_the_readme_sends() throws Exception {
        Path data = tmp.resolve("data");
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--example", "--mllp-port", "0", "--data", data.toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            int port = listeningPort(ductus);
            assertThat(port).isNotEqualTo(6661);

            List<String> command = new ArrayList<>(List.of("send", "--port", Integer.toString(port)));
            for (String file : ReadmeTest.sentFiles()) command.add(ROOT.resolve(file).toString());
            try (DuctusProcess send = DuctusProcess.start(tmp, command.toArray(String[]::new))) {
                assertThat(send.awaitExit(Duration.ofSeconds(60))).as(String.join("\n", send.stdoutLines())).isZero();
                assertThat(send.stdoutLines()).last().asString().startsWith("4 message(s): 4 AA");
            }
            Eventually.within(Duration.ofSeconds(30), () -> {
                assertThat(count(data.resolve("out"))).isEqualTo(4);
                assertThat(count(data.resolve("out/patients"))).as("the transfer is filtered").isEqualTo(3);
            });
            assertThat(Files.readString(DuctusProcess.distribution().resolve("examples/quickstart/interfaces/adt-in/interface.yaml")))
                    .as("the distribution's example is left as shipped").contains("listen: 127.0.0.1:6661");
        }
    }

    private static int listeningPort(DuctusProcess ductus) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(ductus.stderr());
            if (m.find()) return Integer.parseInt(m.group(1));
            Thread.sleep(50);
        }
        throw new AssertionError("no MLLP listener in the log:\n" + ductus.stderr());
    }

    private static long count(Path folder) throws java.io.IOException {
        if (!Files.isDirectory(folder)) return 0;
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile).count();
        }
    }
}
