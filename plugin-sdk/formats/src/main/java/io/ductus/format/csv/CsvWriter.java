package io.ductus.format.csv;

import java.util.List;

/**
 * Writes records as CSV text (RFC 4180): a field is quoted when it holds a comma, a quote or a line break
 * (quotes inside doubled), every record ends with the given line break. What {@link CsvReader} reads
 * back is the same records.
 */
public final class CsvWriter {

    private CsvWriter() {
    }

    /** @param lineEnding "\r\n" (RFC 4180), "\n" or "\r" */
    public static String write(List<List<String>> records, String lineEnding) {
        StringBuilder out = new StringBuilder();
        for (List<String> record : records) {
            for (int i = 0; i < record.size(); i++) {
                if (i > 0) out.append(',');
                String field = record.get(i);
                // A record of one empty field would be an empty line, which readers skip: quote it to keep it.
                boolean quote = needsQuotes(field) || record.size() == 1 && field.isEmpty();
                out.append(quote ? '"' + field.replace("\"", "\"\"") + '"' : field);
            }
            out.append(lineEnding);
        }
        return out.toString();
    }

    private static boolean needsQuotes(String field) {
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == ',' || c == '"' || c == '\r' || c == '\n') return true;
        }
        return false;
    }
}
