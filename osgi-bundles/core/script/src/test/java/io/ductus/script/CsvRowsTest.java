package io.ductus.script;

import static io.ductus.script.Transforms.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.Format;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV interfaces: msg is an array of plain objects keyed by the header; returned objects are written as CSV. */
class CsvRowsTest {

    /** From shared/testdata/corpus: a quoted name with a comma, a single-quoted name, a TAB; LF line ends. */
    private static final byte[] LABS = Transforms.resource("corpus/labs_prs-quoted-strings-with-embedded-commas.csv");

    private static ScriptHost host;

    @TempDir
    Path project;

    @BeforeAll
    static void startHost() {
        host = ScriptHost.start();
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    @Test
    void csv_rows_are_plain_objects_keyed_by_the_header() throws IOException {
        TransformResult result = run("""
                export function transform(rows) {
                  return Array.isArray(rows) + ' ' + rows.length + ' ' + rows.map(r => r.lab + '/' + r.last_name).join('|');
                }
                """, LABS);
        assertThat(text(result)).isEqualTo("true 4 Bob's Country Bunker Lab/Aguilar|Labs, Inc/Johnson|'Labs Inc'/Ponce|"
                + "This Lab Name is Very Long with Lots of Spaces and Even\ta Tab Character In it./Bates");
    }

    @Test
    void csv_returning_the_rows_writes_csv_in_the_inputs_line_ending() throws IOException {
        TransformResult result = run("""
                export function transform(rows) {
                  return rows.filter(r => r.state === 'FL').map(r => ({ ...r, observation: r.observation.toUpperCase() }));
                }
                """, LABS);
        // Quoting is RFC 4180's: only the field with a comma stays quoted.
        assertThat(text(result)).isEqualTo("""
                lab,first_name,last_name,state,test_time,specimen_id,observation
                Bob's Country Bunker Lab,Gary,Aguilar,FL,2020-10-10T17:42:31+00:00,28504428,COVID-19:NEG
                'Labs Inc',Mary,Ponce,FL,2020-10-10T17:42:31+00:00,89423698,COVID-19:NEG
                This Lab Name is Very Long with Lots of Spaces and Even\ta Tab Character In it.,Crystal,Bates,FL,\
                2020-10-10T17:42:31+00:00,22829307,COVID-19:POS
                """);
    }

    @Test
    void csv_quoted_commas_quotes_and_line_breaks_round_trip() throws IOException {
        String csv = "id,note\r\n1,\"Doe, Jane\"\r\n2,\"said \"\"no\"\"\"\r\n3,\"two\r\nlines\"\r\n";
        TransformResult read = run("export function transform(rows) { return JSON.stringify(rows.map(r => r.note)); }\n",
                csv.getBytes(StandardCharsets.UTF_8));
        assertThat(text(read)).isEqualTo("[\"Doe, Jane\",\"said \\\"no\\\"\",\"two\\r\\nlines\"]");
        TransformResult written = run("export function transform(rows) { return rows; }\n", csv.getBytes(StandardCharsets.UTF_8));
        assertThat(text(written)).isEqualTo(csv);
    }

    @Test
    void csv_columns_are_the_first_returned_objects_keys() throws IOException {
        TransformResult result = run("""
                export function transform(rows) {
                  return rows.map((r, i) => i === 0 ? { id: r.specimen_id, n: 1, flag: null } : { id: r.specimen_id, n: i + 1 });
                }
                """, LABS);
        assertThat(text(result)).isEqualTo("id,n,flag\n28504428,1,\n46000469,2,\n89423698,3,\n22829307,4,\n");
    }

    @Test
    void csv_an_empty_array_delivers_the_header_alone() throws IOException {
        TransformResult result = run("export function transform(rows) { return []; }\n",
                "id,note\r\n1,x\r\n".getBytes(StandardCharsets.UTF_8));
        assertThat(text(result)).isEqualTo("id,note\r\n");
    }

    @Test
    void csv_that_cannot_be_read_is_quarantined_naming_the_line() throws IOException {
        TransformResult result = run("export function transform(rows) { return rows; }\n",
                "id,note\n1,\"open\n2,x\n".getBytes(StandardCharsets.UTF_8));
        assertThat(((TransformResult.Quarantined) result).reason())
                .isEqualTo("the message cannot be read as CSV: line 2, column 3: "
                        + "the quoted field that starts here has no closing quote");
    }

    @Test
    void csv_returning_something_other_than_objects_is_quarantined() throws IOException {
        TransformResult result = run("export function transform(rows) { return [rows[0], 'x']; }\n", LABS);
        assertThat(((TransformResult.Quarantined) result).reason())
                .startsWith("the transform's result cannot be written as CSV: "
                        + "element 1 of the returned array is x, not an object");
    }

    private TransformResult run(String code, byte[] csv) throws IOException {
        return Transforms.run(host, project, code, csv, StandardCharsets.UTF_8, Format.CSV);
    }
}
