package io.ductus.core.revision;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What changed between two revisions of an interface, file by file, each as a unified diff that
 * {@code git apply} and {@code patch} take ({@code a/} and {@code b/} prefixes, three lines of context).
 */
public final class UnifiedDiff {

    private static final int CONTEXT = 3;

    /** One file that differs: added (only in the second), removed (only in the first) or changed. */
    public record FileChange(String path, Kind kind, String diff, int added, int removed) {
        public enum Kind { ADDED, REMOVED, CHANGED }
    }

    private UnifiedDiff() {
    }

    /** The files that differ, in path order; a file that is the same in both is left out. */
    public static List<FileChange> between(InterfaceFiles from, InterfaceFiles to) {
        TreeSet<String> paths = new TreeSet<>(from.paths());
        paths.addAll(to.paths());
        List<FileChange> changes = new ArrayList<>();
        for (String path : paths) {
            Optional<byte[]> a = from.bytes(path);
            Optional<byte[]> b = to.bytes(path);
            if (a.isPresent() && b.isPresent() && java.util.Arrays.equals(a.get(), b.get())) continue;
            FileChange.Kind kind = a.isEmpty() ? FileChange.Kind.ADDED : b.isEmpty() ? FileChange.Kind.REMOVED : FileChange.Kind.CHANGED;
            changes.add(file(path, kind, a.map(UnifiedDiff::text).orElse(null), b.map(UnifiedDiff::text).orElse(null)));
        }
        return changes;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Marks a last line that has no line break after it, so it differs from the same line with one. */
    private static final String NO_EOL = "\u0000";

    /** @param before null when the file is added; {@code after} null when it is removed */
    static FileChange file(String path, FileChange.Kind kind, String before, String after) {
        List<LineDiff.Line> lines = LineDiff.lines(marked(before), marked(after));
        StringBuilder out = new StringBuilder();
        out.append("--- ").append(before == null ? "/dev/null" : "a/" + path).append('\n');
        out.append("+++ ").append(after == null ? "/dev/null" : "b/" + path).append('\n');
        int added = 0;
        int removed = 0;
        for (LineDiff.Line l : lines) {
            if (l.kind() == LineDiff.Line.Kind.ADDED) added++;
            if (l.kind() == LineDiff.Line.Kind.REMOVED) removed++;
        }
        for (int[] hunk : hunks(lines)) appendHunk(out, lines, hunk[0], hunk[1]);
        return new FileChange(path, kind, out.toString(), added, removed);
    }

    private static List<String> marked(String text) {
        if (text == null) return List.of();
        List<String> lines = new ArrayList<>(LineDiff.split(text));
        if (!lines.isEmpty() && !text.endsWith("\n") && !text.endsWith("\r")) {
            lines.set(lines.size() - 1, lines.get(lines.size() - 1) + NO_EOL);
        }
        return lines;
    }

    /** Ranges [from, to) of the lines to show: each change with its context, joined where they touch. */
    private static List<int[]> hunks(List<LineDiff.Line> lines) {
        List<int[]> hunks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).kind() == LineDiff.Line.Kind.SAME) continue;
            int from = Math.max(0, i - CONTEXT);
            int to = Math.min(lines.size(), i + 1 + CONTEXT);
            if (!hunks.isEmpty() && hunks.get(hunks.size() - 1)[1] >= from) hunks.get(hunks.size() - 1)[1] = to;
            else hunks.add(new int[] {from, to});
        }
        return hunks;
    }

    private static void appendHunk(StringBuilder out, List<LineDiff.Line> lines, int from, int to) {
        int startA = 0;
        int startB = 0;
        int countA = 0;
        int countB = 0;
        for (int i = from; i < to; i++) {
            LineDiff.Line l = lines.get(i);
            if (l.kind() != LineDiff.Line.Kind.ADDED && countA++ == 0) startA = l.oldLine();
            if (l.kind() != LineDiff.Line.Kind.REMOVED && countB++ == 0) startB = l.newLine();
        }
        if (countA == 0) startA = previousLine(lines, from, true);
        if (countB == 0) startB = previousLine(lines, from, false);
        out.append("@@ -").append(range(startA, countA)).append(" +").append(range(startB, countB)).append(" @@\n");
        for (int i = from; i < to; i++) {
            LineDiff.Line l = lines.get(i);
            char mark = switch (l.kind()) {
                case SAME -> ' ';
                case REMOVED -> '-';
                case ADDED -> '+';
            };
            String text = l.text();
            boolean noEol = text.endsWith(NO_EOL);
            out.append(mark).append(noEol ? text.substring(0, text.length() - NO_EOL.length()) : text).append('\n');
            if (noEol) out.append("\\ No newline at end of file\n");
        }
    }

    /** For a hunk that holds no line of one side: the line of that side just before it (0 at the start). */
    private static int previousLine(List<LineDiff.Line> lines, int from, boolean oldSide) {
        for (int i = from - 1; i >= 0; i--) {
            LineDiff.Line l = lines.get(i);
            int n = oldSide ? l.oldLine() : l.newLine();
            if (n > 0) return n;
        }
        return 0;
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }
}
