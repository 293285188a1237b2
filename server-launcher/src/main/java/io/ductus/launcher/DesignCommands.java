package io.ductus.launcher;

import io.ductus.client.model.DeployFromDisk;
import io.ductus.client.model.Deployed;
import io.ductus.client.model.DeployedFromDisk;
import io.ductus.client.model.FileProblem;
import io.ductus.client.model.RevisionList;
import io.ductus.client.model.RevisionSummary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
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
            DeployFromDisk request = new DeployFromDisk(interfaces, message, filterPending, reason);
            DeployedFromDisk result = engine.client().call(c -> c.design().deployFromDisk(request));
            PrintWriter out = spec.commandLine().getOut();
            int refused = 0;
            for (DeployedFromDisk.Outcome i : result.interfaces()) {
                String name = i.interfaceName();
                switch (i.outcome()) {
                    case "deployed" -> out.printf("%s: revision %d deployed%s%n", name, number(i.revision()), swap(i.swap()));
                    case "removed" -> out.printf("%s: removed (revision %d)%s%n", name, number(i.revision()),
                            i.revision() != null && i.revision().reason() != null ? "; " + i.revision().reason() : "");
                    case "unchanged" -> out.printf("%s: unchanged (revision %d)%n", name, number(i.revision()));
                    default -> {
                        refused++;
                        out.printf("%s: refused: %s%n", name, i.detail());
                        for (FileProblem p : i.problems()) out.println("  " + p.text());
                    }
                }
            }
            out.flush();
            return refused == 0 ? ExitCodes.OK : ExitCodes.FAILED;
        }

        private static String swap(Deployed.Swap swap) {
            if (swap == null) return "";
            if (!swap.running()) return "; not running: " + swap.reason();
            if (swap.live()) return "; live, its input waited " + (swap.gateClosedMs() == null ? 0 : swap.gateClosedMs()) + " ms";
            return "; started";
        }

        private static int number(RevisionSummary revision) {
            return revision == null ? 0 : revision.revision();
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
            RevisionList page = engine.client().call(c -> c.design().revisions(interfaceName, null, limit));
            List<String[]> rows = new ArrayList<>();
            for (RevisionSummary r : page.revisions()) {
                String status = r.status() + (page.running() != null && r.revision() == page.running() ? " (runs)" : "");
                rows.add(new String[] {String.valueOf(r.revision()), status, r.origin(), r.author() == null ? "" : r.author(),
                        String.valueOf(r.createdAt()), r.message() != null ? r.message() : r.reason() == null ? "" : r.reason()});
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
            io.ductus.client.model.Diff diff = engine.client().call(c -> c.design().diff(interfaceName, from, to));
            PrintWriter out = out();
            if (diff.files().isEmpty()) out.println("no differences");
            else out.print(diff.patch());
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
            RemoteEngine client = engine.client();
            Integer current = client.call(c -> c.design().revisions(interfaceName, null, 1)).current();
            Deployed r = client.call(c -> c.design().rollback(interfaceName, new io.ductus.client.model.Rollback(revision, current, message)));
            PrintWriter out = out();
            if (!r.changed()) {
                out.printf("%s already runs the files of revision %d (revision %d)%n", interfaceName, revision, Deploy.number(r.revision()));
            } else {
                out.printf("%s: revision %d deployed, with the files of revision %d%s%n", interfaceName, Deploy.number(r.revision()), revision,
                        Deploy.swap(r.swap()));
            }
            for (String note : r.notes()) out.println("note: " + note);
            out.flush();
            return ExitCodes.OK;
        }
    }
}
