package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ductus replay}: a period's stored messages re-run on the engine through a candidate (your draft,
 * a recorded revision, another project folder's interface, or the deployed code), compared with what was
 * recorded, with a progress bar and a report (docs/replay.md). Exit status: 0 every row the same, 4 some
 * row is not, 1 the replay could not run or did not finish, 2 bad arguments.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Replay a period's stored messages through other code on the running engine and report every difference;"
                + " nothing is sent or stored. Exit status 0: all the same; 4: differences; 1: could not run.")
final class ReplayCommand implements Callable<Integer> {

    /** Something came out otherwise than recorded. */
    static final int DIFFERENCES = 4;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> KINDS = List.of("changed", "decision_changed", "error", "not_comparable", "drift");

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Option(names = "--interface", paramLabel = "NAME", required = true, description = "The interface to replay (repeatable).")
    List<String> interfaces = new ArrayList<>();

    @Option(names = "--from", paramLabel = "TIME", description = "Messages received from this time, such as 2026-11-24T00:00:00Z.")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Up to this time (default now).")
    String to;

    @Option(names = "--last", paramLabel = "DURATION", description = "Instead of --from/--to: the period up to now, such as 7d or 12h.")
    String last;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Which which = new Which();

    static final class Which {
        @Option(names = "--draft", description = "Your draft of the interface (saved on the engine).")
        boolean draft;

        @Option(names = "--revision", paramLabel = "N", description = "A recorded revision.")
        Integer revision;

        @Option(names = "--candidate", paramLabel = "DIR", description = "Another project folder: its interfaces/NAME/ and lib/ files.")
        Path candidate;

        @Option(names = "--deployed", description = "The deployed code itself: a determinism check (everything should be the same).")
        boolean deployed;
    }

    @Option(names = "--ignore", paramLabel = "PATH", description = "A path not compared, such as MSH-7 or $.meta (repeatable).")
    List<String> ignore = new ArrayList<>();

    @Option(names = "--destination", paramLabel = "NAME", description = "Only this destination (repeatable; default: all).")
    List<String> destinations = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "text (a report, the default) or json (one JSON line per row"
            + " that is not the same, then the summary).")
    String format = "text";

    @Option(names = "--first", paramLabel = "N", description = "How many differences of each kind the report shows (default 3).")
    int first = 3;

    @Override
    public Integer call() {
        if (!format.equals("text") && !format.equals("json")) throw bad("--format is text or json");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("interfaces", interfaces);
        if (last != null) {
            if (from != null || to != null) throw bad("--last cannot be used with --from or --to");
            body.put("last", last);
        } else {
            if (from == null) throw bad("give the period: --from TIME [--to TIME] or --last 7d");
            body.put("from", instant("--from", from));
            if (to != null) body.put("to", instant("--to", to));
        }
        if (which.draft) body.put("candidate", "draft");
        else if (which.revision != null) {
            body.put("candidate", "revision");
            body.put("revision", which.revision);
        } else if (which.candidate != null) {
            body.put("candidate", "files");
            putFiles(body, which.candidate);
        } else body.put("candidate", "deployed");
        body.put("ignore", ignore);
        body.put("destinations", destinations);

        RemoteEngine client = engine.client();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        JsonNode job = client.post("/api/v1/replays", body);
        long id = job.path("id").asLong();
        err.printf("replay %d of %s (%s)%n", id, String.join(", ", interfaces), job.at("/request/candidate").asText());
        Progress progress = new Progress(err);
        while (job.path("status").asText().equals("running")) {
            progress.show(job.path("summary"));
            sleep(Duration.ofMillis(250));
            job = client.get("/api/v1/replays/" + id);
        }
        progress.done(job.path("summary"));
        JsonNode summary = job.path("summary");
        if (format.equals("json")) {
            rows(client, id, null, Integer.MAX_VALUE, row -> out.println(row.toString()));
            Map<String, Object> end = new LinkedHashMap<>();
            end.put("replay", id);
            end.put("status", job.path("status").asText());
            end.put("summary", summary);
            out.println(JSON.valueToTree(end).toString());
        } else {
            report(client, id, job, out);
        }
        out.flush();
        if (!job.path("status").asText().equals("done")) {
            err.println("replay " + id + " " + job.path("status").asText() + ": " + summary.path("reason").asText("no reason given"));
            return ExitCodes.FAILED;
        }
        return summary.path("rows").asLong() == summary.at("/kinds/same").asLong() ? ExitCodes.OK : DIFFERENCES;
    }

    private void report(RemoteEngine client, long id, JsonNode job, PrintWriter out) {
        JsonNode s = job.path("summary");
        out.printf("replay %d: %s, %d message(s), %d row(s) in %.1f s (%d rows/s)%n", id, job.path("status").asText(),
                s.path("messages").asLong(), s.path("rows").asLong(), s.path("seconds").asDouble(), s.path("rowsPerSecond").asLong());
        out.printf("  same %d, changed %d, decision changed %d, error %d, not comparable %d, drift %d%n", s.at("/kinds/same").asLong(),
                s.at("/kinds/changed").asLong(), s.at("/kinds/decision_changed").asLong(), s.at("/kinds/error").asLong(),
                s.at("/kinds/not_comparable").asLong(), s.at("/kinds/drift").asLong());
        if (!s.path("topFields").isEmpty()) {
            out.println("fields that changed most:");
            for (JsonNode f : s.path("topFields")) out.printf("  %-24s %d row(s)%n", f.path("field").asText(), f.path("rows").asLong());
        }
        for (String kind : KINDS) {
            if (s.at("/kinds/" + kind).asLong() == 0 || first <= 0) continue;
            out.println("first " + kind.replace('_', ' ') + ":");
            rows(client, id, kind, first, row -> {
                out.printf("  message %d → %s%s%n", row.path("messageId").asLong(), row.path("destination").asText(),
                        row.path("note").isTextual() ? ": " + row.path("note").asText() : "");
                for (JsonNode d : row.path("differences")) {
                    out.printf("    %s: %s → %s%n", d.path("path").asText(), shown(d.path("before")), shown(d.path("after")));
                }
            });
        }
    }

    private static String shown(JsonNode value) {
        return value.isNull() || value.isMissingNode() ? "(none)" : "\"" + value.asText() + "\"";
    }

    private static void rows(RemoteEngine client, long id, String kind, int limit, java.util.function.Consumer<JsonNode> each) {
        String after = null;
        int seen = 0;
        while (seen < limit) {
            int page = Math.min(1000, limit - seen);
            StringBuilder path = new StringBuilder("/api/v1/replays/" + id + "/rows?limit=" + page);
            if (kind != null) path.append("&kind=").append(kind);
            if (after != null) path.append("&after=").append(java.net.URLEncoder.encode(after, StandardCharsets.UTF_8));
            JsonNode rows = client.get(path.toString());
            for (JsonNode row : rows.path("rows")) {
                each.accept(row);
                seen++;
            }
            if (!rows.path("next").isTextual()) return;
            after = rows.path("next").asText();
        }
    }

    /** interfaces/NAME/** and lib/** of the folder, as the API takes files (text, or base64 when not UTF-8). */
    private void putFiles(Map<String, Object> body, Path folder) {
        if (!Files.isDirectory(folder.resolve("interfaces"))) {
            throw bad("--candidate " + folder + ": no interfaces/ folder there (give a project folder)");
        }
        Map<String, String> text = new LinkedHashMap<>();
        Map<String, String> binary = new LinkedHashMap<>();
        List<Path> roots = new ArrayList<>();
        for (String name : interfaces) {
            Path own = folder.resolve("interfaces").resolve(name);
            if (!Files.isDirectory(own)) throw bad("--candidate " + folder + ": no interfaces/" + name + "/ there");
            roots.add(own);
        }
        if (Files.isDirectory(folder.resolve("lib"))) roots.add(folder.resolve("lib"));
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    String rel = folder.relativize(f).toString().replace('\\', '/');
                    byte[] bytes = Files.readAllBytes(f);
                    try {
                        text.put(rel, StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                                .decode(java.nio.ByteBuffer.wrap(bytes)).toString());
                    } catch (CharacterCodingException e) {
                        binary.put(rel, Base64.getEncoder().encodeToString(bytes));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + root, e);
            }
        }
        body.put("files", text);
        if (!binary.isEmpty()) body.put("binaryFiles", binary);
    }

    private String instant(String option, String value) {
        try {
            return Instant.parse(value).toString();
        } catch (DateTimeParseException e) {
            throw bad(option + ": expected a time such as 2026-11-24T00:00:00Z, got '" + value + "'");
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteEngine.EngineCallException("interrupted");
        }
    }

    /** The progress bar on standard error: messages done of how many, the rate, the time left. */
    static final class Progress {
        private static final int WIDTH = 30;
        private final PrintWriter err;
        private boolean shown;

        Progress(PrintWriter err) {
            this.err = err;
        }

        void show(JsonNode s) {
            err.print("\r" + line(s));
            err.flush();
            shown = true;
        }

        void done(JsonNode s) {
            if (shown || s.path("total").asLong() > 0) err.println("\r" + line(s));
            err.flush();
        }

        static String line(JsonNode s) {
            long done = s.path("messages").asLong();
            long total = Math.max(done, s.path("total").asLong());
            double seconds = s.path("seconds").asDouble();
            double rate = seconds > 0 ? done / seconds : 0;
            int filled = total == 0 ? WIDTH : (int) (WIDTH * done / total);
            String left = rate > 0 ? Math.round((total - done) / rate) + " s left" : "";
            return String.format("[%s%s] %,d/%,d messages  %,.0f/s  %s", "#".repeat(filled), "-".repeat(WIDTH - filled), done, total, rate, left);
        }
    }
}
