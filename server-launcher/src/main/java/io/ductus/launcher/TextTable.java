package io.ductus.launcher;

import java.util.ArrayList;
import java.util.List;

/** Rows under a header, in columns two spaces apart; counts aligned right. For commands that print tables. */
final class TextTable {

    private final String[] header;
    private final boolean[] right;

    /** @param right which columns are aligned right (numbers) */
    TextTable(String[] header, boolean[] right) {
        if (header.length != right.length) throw new IllegalArgumentException("one alignment per column");
        this.header = header.clone();
        this.right = right.clone();
    }

    String render(List<String[]> rows) {
        int[] widths = new int[header.length];
        List<String[]> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (String[] row : all) {
            for (int c = 0; c < row.length; c++) widths[c] = Math.max(widths[c], row[c].length());
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : all) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                if (c > 0) line.append("  ");
                String pad = " ".repeat(widths[c] - row[c].length());
                line.append(right[c] && row != header ? pad + row[c] : row[c] + pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
