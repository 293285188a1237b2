package io.ductus.format.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.format.internal.LineScanner;
import io.ductus.format.split.RecordSplitter.Kind;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordSplitterTest {

    private static final String MSH1 = "MSH|^~\\&|A|B|C|D|20260101||ADT^A01|1|P|2.5";
    private static final String MSH2 = "MSH|^~\\&|A|B|C|D|20260101||ADT^A01|2|P|2.5";

    @ParameterizedTest
    @ValueSource(strings = {"\r", "\n", "\r\n"})
    void hl7_cuts_at_each_msh_and_keeps_the_terminators_as_written(String eol) throws Exception {
        String first = MSH1 + eol + "PID|1||123" + eol;
        String second = MSH2 + eol + "PID|1||456" + eol;

        List<SplitRecord> records = split(Kind.HL7, first + second);

        assertThat(texts(records)).containsExactly(first, second);
        assertThat(records.get(1).line()).isEqualTo(3);
        assertThat(records.get(1).end()).isEqualTo((first + second).length());
    }

    @Test
    void hl7_drops_batch_envelopes_and_blank_lines_between_messages() throws Exception {
        String first = MSH1 + "\rPID|1||123\r";
        String second = MSH2 + "\rPID|1||456\r";
        String file = "FHS|^~\\&|A\rBHS|^~\\&|A\r" + first + "\r\n" + second + "BTS|2\rFTS|1\r";

        assertThat(texts(split(Kind.HL7, file))).containsExactly(first, second);
    }

    @Test
    void hl7_keeps_a_blank_line_inside_a_message_but_not_after_it() throws Exception {
        String message = MSH1 + "\n\nPID|1||123\n";

        assertThat(texts(split(Kind.HL7, message + "\n\n"))).containsExactly(message);
    }

    @Test
    void hl7_refuses_a_line_outside_any_message_naming_its_line() {
        String file = "BHS|^~\\&|A\rPID|1||123\r" + MSH1 + "\r";

        assertThatThrownBy(() -> split(Kind.HL7, file)).isInstanceOf(RecordFormatException.class)
                .hasMessageStartingWith("line 2: 'PID|1||123' is outside any message");
    }

    @ParameterizedTest
    @ValueSource(strings = {"BATCH_ADT_A04_v2.5_pyhl7-sample_batch1.hl7", "BATCH_ADT_A04_v2.5_pyhl7-sample_file1.hl7",
            "BATCH_ORM_O01_v2.4_oie-batch-CRLF.hl7", "BATCH_ORU_R01_v2.5.1_prs-pdi-20msgs.hl7",
            "MULTI_SIU_S12_v2.3_oie-filereader-batch01-LF.hl7"})
    void hl7_splits_the_corpus_batches_into_the_messages_the_manifest_counts(String file) throws Exception {
        byte[] data = corpus(file);

        List<SplitRecord> records = split(Kind.HL7, new ByteArrayInputStream(data), Position.START);

        assertThat(records).hasSize(manifestMessages(file));
        for (SplitRecord r : records) {
            assertThat(new String(r.payload(), StandardCharsets.ISO_8859_1)).startsWith("MSH");
            assertThat(r.end()).isLessThanOrEqualTo(data.length);
        }
    }

    @Test
    void csv_puts_the_header_in_front_of_each_row() throws Exception {
        List<SplitRecord> records = split(Kind.CSV, "id,name\r\n1,Ann\r\n2,Bob\r\n");

        assertThat(texts(records)).containsExactly("id,name\r\n1,Ann\r\n", "id,name\r\n2,Bob\r\n");
        assertThat(records.get(0).line()).isEqualTo(2);
    }

    @Test
    void csv_keeps_a_quoted_field_with_line_breaks_commas_and_quotes_in_one_row() throws Exception {
        String row = "1,\"Main St\nApt \"\"4\"\", 2nd floor\r\nback\",x\n";

        List<SplitRecord> records = split(Kind.CSV, "id,address,flag\n" + row + "2,plain,y");

        assertThat(texts(records)).containsExactly("id,address,flag\n" + row, "id,address,flag\n2,plain,y");
        assertThat(records.get(1).line()).isEqualTo(5);
    }

    @Test
    void csv_skips_blank_lines_and_a_byte_order_mark() throws Exception {
        List<SplitRecord> records = split(Kind.CSV, "\uFEFFid\n\n1\n\n");

        assertThat(texts(records)).containsExactly("id\n1\n");
    }

    @Test
    void csv_refuses_an_unclosed_quote_naming_the_line_where_its_row_starts() {
        assertThatThrownBy(() -> split(Kind.CSV, "id,name\n1,ok\n2,\"never closed\n3,x\n"))
                .isInstanceOf(RecordFormatException.class)
                .hasMessageStartingWith("line 3: the quoted field that starts here has no closing quote");
    }

    @Test
    void csv_refuses_text_after_a_closing_quote() {
        assertThatThrownBy(() -> split(Kind.CSV, "id,name\n1,\"Ann\"x\n"))
                .isInstanceOf(RecordFormatException.class)
                .hasMessageStartingWith("line 2: column 8: 'x' after a closing quote");
    }

    @Test
    void csv_splits_the_corpus_file_with_quoted_commas_into_its_rows() throws Exception {
        String file = "labs_prs-quoted-strings-with-embedded-commas.csv";

        List<SplitRecord> records = split(Kind.CSV, new ByteArrayInputStream(corpus(file)), Position.START);

        String header = "lab,first_name,last_name,state,test_time,specimen_id,observation\n";
        assertThat(records).as("the manifest counts the header row too").hasSize(manifestMessages(file) - 1);
        assertThat(texts(records).get(1)).isEqualTo(header
                + "\"Labs, Inc\",Brooke,Johnson,AZ,2020-10-10T17:42:31+00:00,46000469,covid-19:neg\n");
    }

    @Test
    void lines_gives_each_non_blank_line_without_its_break() throws Exception {
        List<SplitRecord> records = split(Kind.LINES, "one\r\ntwo\n\nthree\rfour");

        assertThat(texts(records)).containsExactly("one", "two", "three", "four");
        assertThat(records.get(2).line()).isEqualTo(4);
        assertThat(records.get(3).end()).isEqualTo(20);
    }

    @ParameterizedTest
    @ValueSource(strings = {"HL7", "CSV", "LINES"})
    void a_record_longer_than_the_buffer_and_split_across_reads_comes_out_whole(String kind) throws Exception {
        String big = "x".repeat(LineScanner.INITIAL_BUFFER + 1000);
        String input = switch (Kind.valueOf(kind)) {
            case HL7 -> MSH1 + "\rOBX|1|ED|" + big + "\r" + MSH2 + "\r";
            case CSV -> "h\r\n\"" + big + "\r\n" + big + "\"\r\nlast\r\n";
            case LINES -> big + "\r\nlast\r\n";
        };
        byte[] bytes = input.getBytes(StandardCharsets.US_ASCII);

        List<SplitRecord> whole = split(Kind.valueOf(kind), new ByteArrayInputStream(bytes), Position.START);
        List<SplitRecord> trickled = split(Kind.valueOf(kind), new Trickle(bytes, 7), Position.START);

        assertThat(whole).hasSize(2);
        assertThat(texts(trickled)).isEqualTo(texts(whole));
        assertThat(trickled.get(1).end()).isEqualTo(bytes.length);
    }

    @Test
    void a_cr_lf_split_between_two_reads_is_one_line_break() throws Exception {
        byte[] bytes = "a\r\nb\r\n".getBytes(StandardCharsets.US_ASCII);

        List<SplitRecord> records = split(Kind.LINES, new Trickle(bytes, 2), Position.START);

        assertThat(texts(records)).containsExactly("a", "b");
        assertThat(records.get(1).line()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"HL7", "CSV", "LINES"})
    void resuming_at_a_records_end_gives_the_records_after_it(String kind) throws Exception {
        StringBuilder input = new StringBuilder(kind.equals("CSV") ? "id,v\n" : "");
        for (int i = 1; i <= 5; i++) {
            input.append(kind.equals("HL7") ? MSH1.replace("|1|P", "|" + i + "|P") + "\rPID|" + i + "\r" : i + ",\"v\n" + i + "\"\n");
        }
        Kind k = Kind.valueOf(kind);
        List<SplitRecord> all = split(k, input.toString());

        List<SplitRecord> rest = split(k, new ByteArrayInputStream(input.toString().getBytes(StandardCharsets.US_ASCII)),
                all.get(1).next());

        assertThat(texts(rest)).isEqualTo(texts(all.subList(2, all.size())));
        assertThat(rest.get(0).line()).isEqualTo(all.get(2).line());
    }

    @Test
    void a_record_over_the_limit_is_refused_naming_its_line() {
        assertThatThrownBy(() -> split(Kind.LINES, new ByteArrayInputStream("ok\n".concat("y".repeat(100)).getBytes(StandardCharsets.US_ASCII)),
                Position.START, 64)).isInstanceOf(RecordFormatException.class)
                .hasMessageStartingWith("line 2: the line is longer than 64 bytes");
    }

    private static List<SplitRecord> split(Kind kind, String text) throws Exception {
        return split(kind, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Position.START);
    }

    private static List<SplitRecord> split(Kind kind, InputStream in, Position from) throws Exception {
        return split(kind, in, from, RecordSplitter.DEFAULT_MAX_RECORD);
    }

    private static List<SplitRecord> split(Kind kind, InputStream in, Position from, int max) throws Exception {
        RecordSplitter splitter = RecordSplitter.open(kind, in, from, max);
        List<SplitRecord> records = new ArrayList<>();
        for (SplitRecord r; (r = splitter.next()) != null; ) records.add(r);
        return records;
    }

    private static List<String> texts(List<SplitRecord> records) {
        return records.stream().map(r -> new String(r.payload(), StandardCharsets.UTF_8)).toList();
    }

    private static byte[] corpus(String file) throws IOException {
        try (InputStream in = RecordSplitterTest.class.getResourceAsStream("corpus/" + file)) {
            return in.readAllBytes();
        }
    }

    private static int manifestMessages(String file) throws IOException {
        String manifest = new String(corpus("MANIFEST.tsv"), StandardCharsets.UTF_8);
        for (String row : manifest.split("\n")) {
            String[] columns = row.split("\t");
            if (columns[0].equals(file)) return Integer.parseInt(columns[2].replace(" csv records", "").strip());
        }
        throw new IllegalArgumentException(file + " is not in the manifest");
    }

    /** A stream that hands out at most a few bytes per read, as a slow network or pipe does. */
    private static final class Trickle extends FilterInputStream {
        private final int step;

        Trickle(byte[] data, int step) {
            super(new ByteArrayInputStream(data));
            this.step = step;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, step));
        }
    }
}
