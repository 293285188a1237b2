package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Hl7BatchTest {

    private static final String BATCH = String.join("\r\n",
            "FHS|^~\\&|SEND|FAC|||20261129||file1",
            "BHS|^~\\&|SEND|FAC|||20261129||batch1",
            "MSH|^~\\&|A|B|||20261129||ADT^A01|1|P|2.5",
            "PID|1||111",
            "",
            "MSH|^~\\&|A|B|||20261129||ADT^A01|2|P|2.5",
            "PID|1||222",
            "BTS|2",
            "FTS|1",
            "");

    @Test
    void reads_the_messages_inside_the_envelope() throws Hl7ParseException {
        Hl7Batch batch = Hl7Batch.parse(BATCH.getBytes(StandardCharsets.UTF_8), null);
        assertThat(batch.messages()).extracting(m -> m.get("PID-3")).containsExactly("111", "222");
        assertThat(batch.envelope()).extracting(Hl7Segment::name).containsExactly("FHS", "BHS", "BTS", "FTS");
        assertThat(batch.get("BHS-9")).isEqualTo("batch1");
        assertThat(batch.get("FHS-2")).isEqualTo("^~\\&");
        assertThat(batch.get("BTS-1")).isEqualTo("2");
    }

    @Test
    void writes_back_every_byte_of_an_unchanged_batch() throws Hl7ParseException {
        byte[] bytes = BATCH.getBytes(StandardCharsets.UTF_8);
        assertThat(Hl7Batch.parse(bytes, null).encode()).isEqualTo(bytes);
    }

    @Test
    void a_changed_message_or_envelope_segment_is_written_again_and_the_rest_stays() throws Hl7ParseException {
        Hl7Batch batch = Hl7Batch.parse(BATCH.getBytes(StandardCharsets.UTF_8), null);
        batch.messages().get(1).set("PID-3", "333");
        batch.set("BTS-1", "3");
        assertThat(new String(batch.encode(), StandardCharsets.UTF_8))
                .isEqualTo(BATCH.replace("PID|1||222", "PID|1||333").replace("BTS|2", "BTS|3"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"BATCH_ADT_A04_v2.5_pyhl7-sample_batch1.hl7", "BATCH_ADT_A04_v2.5_pyhl7-sample_file1.hl7",
            "BATCH_ORM_O01_v2.4_oie-batch-CRLF.hl7", "BATCH_ORU_R01_v2.5.1_prs-pdi-20msgs.hl7",
            "MULTI_SIU_S12_v2.3_oie-filereader-batch01-LF.hl7", "ADT_A04_v2.3_fhirconv-ADT04-23-BOM-LF.hl7",
            "ORU_R01_v2.5.1_derived-latin1-micro.hl7"})
    void corpus_files_are_written_back_byte_for_byte(String file) throws Hl7ParseException {
        byte[] bytes = HapiOracle.bytes(file);
        Hl7Batch batch = Hl7Batch.parse(bytes, null);
        assertThat(batch.messages()).hasSize(Hl7Splitter.split(bytes).size());
        assertThat(batch.encode()).isEqualTo(bytes);
    }

    @Test
    void each_message_is_read_in_the_charset_its_msh_18_declares() throws Hl7ParseException {
        byte[] latin1 = "MSH|^~\\&|A|B|||1||ORU^R01|1|P|2.5|||||8859/1\rOBX|1|ST|X||5 µmol\r".getBytes(StandardCharsets.ISO_8859_1);
        byte[] utf8 = "MSH|^~\\&|A|B|||1||ORU^R01|2|P|2.5\rOBX|1|ST|X||5 µmol\r".getBytes(StandardCharsets.UTF_8);
        byte[] both = new byte[latin1.length + utf8.length];
        System.arraycopy(latin1, 0, both, 0, latin1.length);
        System.arraycopy(utf8, 0, both, latin1.length, utf8.length);
        Hl7Batch batch = Hl7Batch.parse(both, null);
        assertThat(batch.messages()).extracting(m -> m.get("OBX-5")).containsExactly("5 µmol", "5 µmol");
        assertThat(batch.charset(0)).isEqualTo(StandardCharsets.ISO_8859_1);
        assertThat(batch.charset(1)).isEqualTo(StandardCharsets.UTF_8);
        batch.messages().get(0).set("OBX-5", "6 µmol");
        assertThat(batch.encode()).startsWith("MSH|^~\\&|A|B|||1||ORU^R01|1|P|2.5|||||8859/1\rOBX|1|ST|X||6 µmol\r"
                .getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void a_batch_without_messages_is_read() throws Hl7ParseException {
        Hl7Batch batch = Hl7Batch.parse("BHS|^~\\&|A\rBTS|0\r".getBytes(StandardCharsets.US_ASCII), null);
        assertThat(batch.messages()).isEmpty();
        assertThat(batch.get("BTS-1")).isEqualTo("0");
    }

    @Test
    void segments_outside_any_message_are_refused_with_their_line() {
        assertThatThrownBy(() -> Hl7Batch.parse(HapiOracle.bytes("MALFORMED_pyhl7-bad_batch-no-MSH.hl7"), null))
                .isInstanceOf(Hl7ParseException.class).hasMessageStartingWith("segment 2: ").hasMessageContaining("outside any message");
    }

    @Test
    void a_malformed_message_is_refused_with_its_place_in_the_batch() {
        byte[] bytes = "BHS|^~\\&\rMSH|^~\\&|A\rPID|1\rMSH|^~\\&|B\rpid|2\rBTS|2\r".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> Hl7Batch.parse(bytes, null)).isInstanceOf(Hl7ParseException.class)
                .hasMessageStartingWith("segment 5: message 2 of the batch: 'pid|2' is not a segment");
    }

    @Test
    void empty_input_is_refused() {
        assertThatThrownBy(() -> Hl7Batch.parse(new byte[0], null)).isInstanceOf(Hl7ParseException.class).hasMessageContaining("empty");
    }
}
