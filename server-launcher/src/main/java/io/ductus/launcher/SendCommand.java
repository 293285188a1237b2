package io.ductus.launcher;

import io.ductus.format.hl7.Hl7Splitter;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.mllp.MllpFraming;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Sends HL7 files over MLLP, one message per MSH (batch envelopes dropped), each exactly as written,
 * and prints every acknowledgement, then a tally of every message of the files: answered by kind,
 * unanswered, not sent. Exit code 0 when every message got AA, 1 otherwise. On a terminal, a big send
 * shows one progress line instead of a line per AA.
 */
@Command(name = "send", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Send HL7 v2 files over MLLP (one message per MSH; batches are split) and print each ACK.")
final class SendCommand implements Callable<Integer> {

    private static final int MAX_ACK_BYTES = 1024 * 1024;
    /** More messages than this show a progress line on a terminal. */
    static final int PROGRESS_FROM = 20;
    private static final long PROGRESS_EVERY_NANOS = 200_000_000L;

    @Spec
    CommandSpec spec;

    @Option(names = "--host", paramLabel = "HOST", description = "The MLLP listener's host (default: 127.0.0.1).")
    String host = "127.0.0.1";

    @Option(names = "--port", paramLabel = "PORT", description = "The MLLP listener's port (default: 6661).")
    int port = 6661;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "How long to wait for each ACK (default: 30).")
    int timeoutSeconds = 30;

    @Option(names = "--progress", negatable = true,
            description = "A progress line instead of a line per AA (default: on a terminal, for more than " + PROGRESS_FROM + " messages).")
    Boolean progress;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "HL7 files to send.")
    List<Path> files;

    /** One message of a file: where it is and its bytes as written. */
    private record Message(String label, byte[] bytes) {
    }

    @Override
    public Integer call() throws IOException {
        if (port < 1 || port > 65535) throw new BadArgumentException("--port: " + port + " is outside 1-65535");
        if (timeoutSeconds < 1) throw new BadArgumentException("--timeout: must be at least 1 second");
        for (Path file : files) {
            if (!Files.isRegularFile(file)) throw new BadArgumentException(file + " is not a file");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Message> messages = new ArrayList<>();
        for (Path file : files) {
            List<byte[]> split = Hl7Splitter.split(Files.readAllBytes(file));
            if (split.isEmpty()) out.println(file + ": no HL7 message (no MSH segment) — nothing sent");
            for (int i = 0; i < split.size(); i++) {
                messages.add(new Message(file + (split.size() > 1 ? " #" + (i + 1) : "") + " " + controlId(split.get(i)), split.get(i)));
            }
        }
        SendTally tally = new SendTally(messages.size());
        Progress shown = new Progress(out, progress != null ? progress
                : messages.size() > PROGRESS_FROM && onTerminal(), messages.size());
        try (Socket socket = connect()) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream to = socket.getOutputStream();
            for (Message message : messages) {
                String answer;
                try {
                    to.write(MllpFraming.frame(message.bytes()));
                    to.flush();
                    answer = answer(MllpFraming.readFrame(in, MAX_ACK_BYTES));
                } catch (IOException e) {
                    tally.unanswered();
                    shown.line(message.label() + ": no answer (" + e.getMessage() + "); the rest is not sent");
                    break;
                }
                String code = answer.substring(0, 2);
                tally.answered(code);
                if (code.equals("AA") && shown.on()) shown.advance(tally);
                else shown.line(message.label() + ": " + answer);
            }
        } catch (IOException e) {
            shown.line("not sent: " + e.getMessage());
        }
        shown.done(tally);
        out.println(tally);
        out.flush();
        return tally.allAccepted() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** Whether standard output is a terminal (Java 22 and later say so; before, a console exists only then). */
    static boolean onTerminal() {
        java.io.Console console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
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

    /** One line on a terminal, rewritten in place as messages are accepted; lines of their own for the rest. */
    private static final class Progress {
        private final PrintWriter out;
        private final boolean on;
        private final int total;
        private long shownAt;
        private boolean dirty;

        Progress(PrintWriter out, boolean on, int total) {
            this.out = out;
            this.on = on;
            this.total = total;
        }

        boolean on() {
            return on;
        }

        void advance(SendTally tally) {
            long now = System.nanoTime();
            if (now - shownAt < PROGRESS_EVERY_NANOS && tally.done() < total) return;
            shownAt = now;
            out.print("\r" + tally.progress());
            out.flush();
            dirty = true;
        }

        void line(String text) {
            if (dirty) out.print("\r\033[K");
            dirty = false;
            out.println(text);
            out.flush();
        }

        void done(SendTally tally) {
            if (!on) return;
            if (dirty) out.print("\r\033[K");
            out.println(tally.progress());
        }
    }
}
