package io.ductus.launcher;

import io.ductus.client.model.InterfaceRetention;
import io.ductus.client.model.Retention;
import io.ductus.client.model.RetentionRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ductus retention}: a running engine's retention through its REST API: each interface's window,
 * what it keeps (as the engine last counted, hourly), a shorter window waiting for a confirmation, the last
 * run; {@code ductus retention confirm NAME} confirms a shorter window.
 */
@Command(name = "retention", mixinStandardHelpOptions = true,
        description = "Retention of a running engine: each interface's window and what it keeps; confirm NAME applies a shorter window.",
        subcommands = RetentionCommand.Confirm.class)
final class RetentionCommand implements Callable<Integer> {

    static final TextTable TABLE = new TextTable(new String[] {"INTERFACE", "WINDOW", "APPLIED", "QUARANTINED", "MESSAGES", "SIZE",
            "OLDEST", "HELD"}, new boolean[] {false, false, false, false, true, true, false, true});

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Override
    public Integer call() {
        Retention r = engine.client().call(c -> c.retention());
        List<String[]> rows = new ArrayList<>();
        List<String> waiting = new ArrayList<>();
        for (InterfaceRetention i : r.interfaces()) {
            rows.add(new String[] {i.name(), i.retention() == null ? "(removed)" : i.retention(), text(i.applied()), i.quarantined(),
                    Long.toString(i.messages()), size(i.bytes()), text(i.oldestReceivedAt()), Long.toString(i.held())});
            if (i.waitingForConfirmation()) waiting.add(i.name() + " (" + i.applied() + " -> " + i.retention() + ")");
        }
        StringBuilder out = new StringBuilder();
        out.append("default window ").append(r.defaultWindow()).append(", audit rows kept ").append(r.auditKeep())
                .append(" (").append(r.auditRows()).append(" rows); database ").append(size(r.databaseBytes()));
        if (r.freeBytes() > 0) out.append(", ").append(size(r.freeBytes())).append(" free");
        out.append("; counted ").append(r.countedAt() == null ? "not yet (the first run is 5 s after the start)" : r.countedAt().toString())
                .append('\n');
        out.append(TABLE.render(rows));
        RetentionRun run = r.lastRun();
        if (run != null && run.startedAt() != null) {
            out.append(String.format(Locale.ROOT, "last run %s: %d message(s) deleted in %d ms (batches held the writer at most %.1f ms),"
                    + " %d past their window kept (pending or quarantined), %d audit row(s) deleted%s%n", run.startedAt(), run.deleted(),
                    run.millis(), run.longestBatchMillis(), run.keptPastWindow(), run.auditDeleted(),
                    run.error() == null ? "" : "; failed: " + run.error()));
        }
        for (String w : waiting) {
            out.append("waiting for a confirmation: ").append(w).append(": a shorter window deletes what the old one kept; ")
                    .append("ductus retention confirm ").append(w, 0, w.indexOf(' ')).append('\n');
        }
        print(spec, out.toString());
        return ExitCodes.OK;
    }

    /** Confirms a shorter window: the interface's older messages are deleted from the next run on. */
    @Command(name = "confirm", mixinStandardHelpOptions = true,
            description = "Confirm an interface's shorter retention window: its messages older than it are deleted from now on (audited).")
    static final class Confirm implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "INTERFACE", description = "The interface whose shorter window to apply.")
        String name;

        @Override
        public Integer call() {
            InterfaceRetention i = engine.client().call(c -> c.confirmRetention(name));
            print(spec, i.name() + " keeps its messages " + i.applied() + " now: older ones are deleted by the run that starts now"
                    + " (pending and " + (i.quarantined().equals("purge") ? "" : "quarantined ") + "messages stay)\n");
            return ExitCodes.OK;
        }
    }

    static String size(long bytes) {
        if (bytes < 1024) return bytes + " B";
        if (bytes < 1024L * 1024) return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        if (bytes < 1024L * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MB", bytes / 1024.0 / 1024);
        return String.format(Locale.ROOT, "%.2f GB", bytes / 1024.0 / 1024 / 1024);
    }

    private static String text(Object value) {
        return value == null ? "-" : value.toString();
    }

    private static void print(CommandSpec spec, String text) {
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
    }
}
