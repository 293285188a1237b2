package io.ductus.launcher;

import io.ductus.format.hl7.Hl7Splitter;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.mllp.MllpFraming;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Sends HL7 files over MLLP, one message per MSH (batch envelopes dropped), each exactly as written,
 * and prints every acknowledgement. Exit code 0 when every message got AA, 1 otherwise.
 */
@Command(name = "send", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Send HL7 v2 files over MLLP (one message per MSH; batches are split) and print each ACK.")
final class SendCommand implements Callable<Integer> {

    private static final int MAX_ACK_BYTES = 1024 * 1024;

    @Spec
    CommandSpec spec;

    @Option(names = "--host", paramLabel = "HOST", description = "The MLLP listener's host (default: 127.0.0.1).")
    String host = "127.0.0.1";

    @Option(names = "--port", paramLabel = "PORT", description = "The MLLP listener's port (default: 6661).")
    int port = 6661;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "How long to wait for each ACK (default: 30).")
    int timeoutSeconds = 30;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "HL7 files to send.")
    List<Path> files;

    @Override
    public Integer call() throws IOException {
        if (port < 1 || port > 65535) throw new BadArgumentException("--port: " + port + " is outside 1-65535");
        if (timeoutSeconds < 1) throw new BadArgumentException("--timeout: must be at least 1 second");
        for (Path file : files) {
            if (!Files.isRegularFile(file)) throw new BadArgumentException(file + " is not a file");
        }
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Integer> tally = new TreeMap<>();
        try (Socket socket = connect()) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (Path file : files) {
                List<byte[]> messages = Hl7Splitter.split(Files.readAllBytes(file));
                if (messages.isEmpty()) {
                    out.println(file + ": no HL7 message (no MSH segment) — nothing sent");
                    tally.merge("skipped", 1, Integer::sum);
                }
                for (int i = 0; i < messages.size(); i++) {
                    String label = file + (messages.size() > 1 ? " #" + (i + 1) : "") + " " + controlId(messages.get(i));
                    socket.getOutputStream().write(MllpFraming.frame(messages.get(i)));
                    socket.getOutputStream().flush();
                    String result = answer(MllpFraming.readFrame(in, MAX_ACK_BYTES));
                    out.println(label + ": " + result);
                    out.flush();
                    tally.merge(result.substring(0, 2), 1, Integer::sum);
                }
            }
        } catch (IOException e) {
            out.println("stopped: " + e.getMessage());
            tally.merge("unanswered", 1, Integer::sum);
        }
        int sent = tally.values().stream().mapToInt(Integer::intValue).sum();
        out.println(sent + " message(s): " + tally);
        return tally.keySet().stream().allMatch("AA"::equals) ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), timeoutSeconds * 1000);
        } catch (IOException e) {
            socket.close();
            throw new IOException("cannot connect to " + host + ":" + port + " (" + e.getMessage() + ")", e);
        }
        socket.setSoTimeout(timeoutSeconds * 1000);
        return socket;
    }

    private static String controlId(byte[] message) {
        try {
            return "(MSH-10 " + Hl7Header.read(message).controlId().orElse("empty") + ")";
        } catch (Hl7ParseException e) {
            return "(no readable MSH)";
        }
    }

    private static String answer(byte[] ack) {
        try {
            Hl7Ack.Reply reply = Hl7Ack.read(ack);
            return reply.code() + reply.text().map(t -> " " + t).orElse("");
        } catch (Hl7ParseException e) {
            return "?? not an acknowledgement: " + e.getMessage();
        }
    }
}
