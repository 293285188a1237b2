package io.ductus.launcher;

import io.ductus.format.ack.AckCode;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.mllp.MllpFraming;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The work the start-up cache is made from ({@code bin/ductus aot-cache} runs it with the JVM recording what
 * it loads and links): {@code validate} and {@code test} of the example project, and {@code send} of its
 * sample messages to a listener in this JVM. Hidden: it is the build's, not an operator's.
 */
@Command(name = "aot-training", hidden = true, description = "Runs the commands' usual work once, for the start-up cache.")
final class AotTrainingCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path example = Distribution.example();
        Path data = Files.createTempDirectory("ductus-aot");
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> answer(listener));
            List<String> send = new ArrayList<>(List.of("send", "--port", Integer.toString(listener.getLocalPort())));
            try (Stream<Path> messages = Files.list(example.resolve("messages"))) {
                messages.filter(p -> p.toString().endsWith(".hl7")).sorted().forEach(p -> send.add(p.toString()));
            }
            int failed = 0;
            failed += run("validate", "--project", example.toString(), "--data", data.toString());
            failed += run("test", "--project", example.toString());
            failed += run(send.toArray(String[]::new));
            spec.commandLine().getOut().println(failed == 0 ? "start-up cache trained" : "start-up cache trained; " + failed
                    + " of its commands failed");
            return ExitCodes.OK;
        } finally {
            try (Stream<Path> left = Files.walk(data)) {
                left.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Runs one command in this JVM, its output kept out of the way; 1 when it failed. */
    private static int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(new StringWriter()));
        return cli.execute(args) == ExitCodes.OK ? 0 : 1;
    }

    /** Answers every message with AA, as an MLLP receiver does. */
    private static void answer(ServerSocket listener) {
        while (!listener.isClosed()) {
            try (Socket s = listener.accept()) {
                InputStream in = new BufferedInputStream(s.getInputStream());
                while (true) {
                    byte[] m = MllpFraming.readFrame(in, 1 << 20);
                    s.getOutputStream().write(MllpFraming.frame(Hl7Ack.build(Hl7Header.read(m), AckCode.AA, "", "R", ZonedDateTime.now())));
                }
            } catch (IOException | io.ductus.format.hl7.Hl7ParseException | RuntimeException e) {
                // the sender is done, or the listener closed
            }
        }
    }
}
