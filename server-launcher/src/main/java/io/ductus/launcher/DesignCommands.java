package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ductus deploy}, {@code revisions}, {@code diff} and {@code rollback}: an interface's revisions on
 * a running engine, through its REST API (docs/designing.md).
 */
final class DesignCommands {

    private DesignCommands() {
    }

    /** Deploys what the project folder holds where it differs from what the engine runs. */
    @Command(name = "deploy", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Deploy what the running engine's project folder holds (after a git pull, say) where it differs from what"
                    + " runs: each interface checked as validate checks it, its tests run, then swapped live.")
    static final class Deploy implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Option(names = "--interface", paramLabel = "NAME", description = "Only this interface (repeatable; default: every interface).")
        List<String> interfaces = List.of();

        @Option(names = {"-m", "--message"}, paramLabel = "TEXT", description = "What changed, for the history.")
        String message;

        @Option(names = "--filter-pending", description = "An interface whose folder is gone is removed even with pending messages:"
                + " they are filtered, with --reason on record.")
        boolean filterPending;

        @Option(names = "--reason", paramLabel = "TEXT", description = "Why interfaces whose folder is gone are removed.")
        String reason;

        @Override
        public Integer call() {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("interfaces", interfaces);
            if (message != null) body.put("message", message);
            body.put("filterPending", filterPending);
            if (reason != null) body.put("reason", reason);
            JsonNode result = engine.client().post("/api/v1/deploy", body);
            PrintWriter out = spec.commandLine().getOut();
            int refused = 0;
            for (JsonNode i : result.path("interfaces")) {
                String name = i.path("interface").asText();
                switch (i.path("outcome").asText()) {
                    case "deployed" -> out.printf("%s: revision %d deployed%s%n", name, i.path("revision").path("revision").asInt(),
                            swap(i.path("swap")));
                    case "removed" -> out.printf("%s: removed (revision %d)%s%n", name, i.path("revision").path("revision").asInt(),
                            i.path("revision").path("reason").isTextual() ? "; " + i.path("revision").path("reason").asText() : "");
                    case "unchanged" -> out.printf("%s: unchanged (revision %d)%n", name, i.path("revision").path("revision").asInt());
                    default -> {
                        refused++;
                        out.printf("%s: refused: %s%n", name, i.path("detail").asText());
                        for (JsonNode p : i.path("problems")) out.println("  " + p.path("text").asText());
                    }
                }
            }
            out.flush();
            return refused == 0 ? ExitCodes.OK : ExitCodes.FAILED;
        }

        private static String swap(JsonNode swap) {
            if (swap.isMissingNode() || swap.isNull()) return "";
            if (!swap.path("running").asBoolean()) return "; not running: " + swap.path("reason").asText();
            if (swap.path("live").asBoolean()) return "; live, its input waited " + swap.path("gateClosedMs").asLong() + " ms";
            return "; started";
        }
    }

    /** What revisions, diff and rollback share: the engine and the interface. */
    abstract static class OfInterface implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "INTERFACE", description = "The interface.")
        String interfaceName;

        String path() {
            return "/api/v1/interfaces/" + segment(interfaceName);
        }

        PrintWriter out() {
            return spec.commandLine().getOut();
        }
    }

    /** Lists an interface's revisions. */
    @Command(name = "revisions", mixinStandardHelpOptions = true, sortOptions = false,
            description = "List an interface's revisions on a running engine, newest first: who, when, how, status.")
    static final class Revisions extends OfInterface {
        @Option(names = "--limit", paramLabel = "N", description = "How many (default 20).")
        int limit = 20;

        @Override
        public Integer call() {
            JsonNode page = engine.client().get(path() + "/revisions?limit=" + limit);
            List<String[]> rows = new ArrayList<>();
            int running = page.path("running").asInt(-1);
            for (JsonNode r : page.path("revisions")) {
                String status = r.path("status").asText() + (r.path("revision").asInt() == running ? " (runs)" : "");
                rows.add(new String[] {r.path("revision").asText(), status, r.path("origin").asText(), r.path("author").asText(""),
                        r.path("createdAt").asText(), r.path("message").asText(r.path("reason").asText(""))});
            }
            PrintWriter out = out();
            out.print(new TextTable(new String[] {"REV", "STATUS", "ORIGIN", "AUTHOR", "CREATED", "MESSAGE"},
                    new boolean[] {true, false, false, false, false, false}).render(rows));
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** The unified diff of two revisions. */
    @Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Show what changed between two revisions of an interface (a unified diff, for git apply).")
    static final class Diff extends OfInterface {
        @Parameters(index = "1", paramLabel = "FROM", description = "A revision number (or draft, running).")
        String from;

        @Parameters(index = "2", paramLabel = "TO", arity = "0..1", description = "A revision number (or draft, running; default: the current revision).")
        String to;

        @Override
        public Integer call() {
            String query = "?from=" + segment(from) + (to == null ? "" : "&to=" + segment(to));
            JsonNode diff = engine.client().get(path() + "/diff" + query);
            PrintWriter out = out();
            if (diff.path("files").isEmpty()) out.println("no differences");
            else out.print(diff.path("patch").asText());
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** Deploys an older revision's files again. */
    @Command(name = "rollback", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Deploy an older revision of an interface again, as a new revision (checked and tested like any deploy).")
    static final class Rollback extends OfInterface {
        @Parameters(index = "1", paramLabel = "REVISION", description = "The revision to go back to.")
        int revision;

        @Option(names = {"-m", "--message"}, paramLabel = "TEXT", description = "Why, for the history.")
        String message;

        @Override
        public Integer call() {
            EngineClient client = engine.client();
            JsonNode current = client.get(path() + "/revisions?limit=1").path("current");
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("revision", revision);
            body.put("base", current.isNumber() ? current.asInt() : null);
            if (message != null) body.put("message", message);
            JsonNode r = client.post(path() + "/rollback", body);
            PrintWriter out = out();
            if (!r.path("changed").asBoolean()) {
                out.printf("%s already runs the files of revision %d (revision %d)%n", interfaceName, revision,
                        r.path("revision").path("revision").asInt());
            } else {
                out.printf("%s: revision %d deployed, with the files of revision %d%s%n", interfaceName,
                        r.path("revision").path("revision").asInt(), revision, Deploy.swap(r.path("swap")));
            }
            for (JsonNode note : r.path("notes")) out.println("note: " + note.asText());
            out.flush();
            return ExitCodes.OK;
        }
    }

    private static String segment(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
