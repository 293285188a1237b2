package io.ductus.core.revision;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines two texts share and where they differ: the longest common subsequence of their lines, after
 * the common start and end are set aside (edits are usually small, so what is left is). Used for the
 * unified diff of revisions and for comparing text outputs line by line.
 */
public final class LineDiff {

    /** Beyond this many cells the middle is shown as removed and added whole rather than aligned. */
    private static final long MAX_CELLS = 16_000_000L;

    /** One line of the comparison: kept, removed from the first text, or added in the second. */
    public record Line(Kind kind, String text, int oldLine, int newLine) {
        /** Line numbers count from 1; 0 where the line is not in that text. */
        public enum Kind { SAME, REMOVED, ADDED }
    }

    private LineDiff() {
    }

    public static List<Line> lines(List<String> a, List<String> b) {
        int start = 0;
        while (start < a.size() && start < b.size() && a.get(start).equals(b.get(start))) start++;
        int endA = a.size();
        int endB = b.size();
        while (endA > start && endB > start && a.get(endA - 1).equals(b.get(endB - 1))) {
            endA--;
            endB--;
        }
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < start; i++) out.add(new Line(Line.Kind.SAME, a.get(i), i + 1, i + 1));
        middle(a, b, start, endA, start, endB, out);
        for (int i = endA, j = endB; i < a.size(); i++, j++) out.add(new Line(Line.Kind.SAME, a.get(i), i + 1, j + 1));
        return out;
    }

    private static void middle(List<String> a, List<String> b, int fromA, int toA, int fromB, int toB, List<Line> out) {
        int n = toA - fromA;
        int m = toB - fromB;
        if ((long) n * m > MAX_CELLS || n == 0 || m == 0) {
            for (int i = fromA; i < toA; i++) out.add(new Line(Line.Kind.REMOVED, a.get(i), i + 1, 0));
            for (int j = fromB; j < toB; j++) out.add(new Line(Line.Kind.ADDED, b.get(j), 0, j + 1));
            return;
        }
        // common[i][j]: length of the longest common subsequence of a[fromA+i..] and b[fromB+j..]
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = a.get(fromA + i).equals(b.get(fromB + j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n && j < m) {
            if (a.get(fromA + i).equals(b.get(fromB + j))) {
                out.add(new Line(Line.Kind.SAME, a.get(fromA + i), fromA + i + 1, fromB + j + 1));
                i++;
                j++;
            } else if (common[i + 1][j] >= common[i][j + 1]) {
                out.add(new Line(Line.Kind.REMOVED, a.get(fromA + i), fromA + i + 1, 0));
                i++;
            } else {
                out.add(new Line(Line.Kind.ADDED, b.get(fromB + j), 0, fromB + j + 1));
                j++;
            }
        }
        for (; i < n; i++) out.add(new Line(Line.Kind.REMOVED, a.get(fromA + i), fromA + i + 1, 0));
        for (; j < m; j++) out.add(new Line(Line.Kind.ADDED, b.get(fromB + j), 0, fromB + j + 1));
    }

    /** A text's lines without their terminators (LF or CRLF); a final terminator adds no empty line. */
    public static List<String> split(String text) {
        return text.lines().toList();
    }
}
