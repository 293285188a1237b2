package io.ductus.script;

import io.ductus.format.csv.CsvTable;
import java.util.ArrayList;
import java.util.List;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * CSV rows as a CSV interface's code sees them: an array of plain objects keyed by the header
 * ({@code row.last_name}), and such an array back as a table. The conversions run as JavaScript in the
 * context, so the rows are ordinary objects (spread, JSON.stringify and Object.keys work as usual).
 */
final class CsvRows {

    private static final Source TO_OBJECTS = Source.newBuilder("js", """
            (header, rows) => {
              const names = Array.from(header);
              // fromEntries makes own properties even for a column named __proto__
              return Array.from(rows, row => Object.fromEntries(names.map((name, i) => [name, row[i]])));
            }
            """, "ductus-csv-rows.js").buildLiteral();

    private static final Source TO_RECORDS = Source.newBuilder("js", """
            (rows) => {
              const header = Object.keys(rows[0]);
              const text = (value) => value === null || value === undefined ? '' : String(value);
              return [header, ...Array.from(rows, row => header.map(name => text(row[name])))];
            }
            """, "ductus-csv-records.js").buildLiteral();

    private CsvRows() {
    }

    static Value toObjects(ScriptContext context, CsvTable table) {
        return context.callEngineFunction(TO_OBJECTS, table.header(), table.rows());
    }

    /**
     * The objects the code returned as a table in the input's line ending (CRLF, as RFC 4180 has it, when the
     * input was not CSV). The columns are the first object's keys (values missing in later objects are empty);
     * no objects give the input's header alone (nothing when the input was not CSV).
     *
     * @param input the CSV the code was given, or null when it read another format
     *
     * @throws IllegalArgumentException when an element of the array is not an object
     */
    static CsvTable toTable(ScriptContext context, Value rows, CsvTable input) {
        for (long i = 0; i < rows.getArraySize(); i++) {
            Value row = rows.getArrayElement(i);
            if (row.isNull() || !row.hasMembers() || row.hasArrayElements()) {
                throw new IllegalArgumentException("element " + i + " of the returned array is " + row
                        + ", not an object: CSV rows are objects keyed by column name");
            }
        }
        String lineEnding = input == null ? "\r\n" : input.lineEnding();
        if (rows.getArraySize() == 0) return new CsvTable(input == null ? List.of() : input.header(), List.of(), lineEnding);
        Value records = context.callEngineFunction(TO_RECORDS, rows);
        List<String> header = strings(records.getArrayElement(0));
        List<List<String>> values = new ArrayList<>();
        for (long i = 1; i < records.getArraySize(); i++) values.add(strings(records.getArrayElement(i)));
        return new CsvTable(header, values, lineEnding);
    }

    private static List<String> strings(Value array) {
        List<String> strings = new ArrayList<>((int) array.getArraySize());
        for (long i = 0; i < array.getArraySize(); i++) strings.add(array.getArrayElement(i).asString());
        return strings;
    }
}
