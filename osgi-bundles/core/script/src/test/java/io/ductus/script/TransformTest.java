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

/** Transforms as integrators write them: the msg view, meta, null and the decision functions. */
class TransformTest {

    private static final String ORU = "MSH|^~\\&|LAB|F|EHR|F|20261129||ORU^R01|C1|P|2.5.1\r"
            + "PID|1||12345^^^MRN||DOE^JANE\r"
            + "OBX|1|NM|GLU^Glucose||5.4|mmol/L\r"
            + "OBX|2|NM|K^Potassium||4.1|mmol/L\r";
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
    void changes_one_field_and_keeps_every_other_byte() throws IOException {
        TransformResult result = run("""
                export function transform(msg, meta) {
                  msg.set('PID-5.1', 'ROE');
                  return msg;
                }
                """, ORU, Format.HL7);
        assertThat(result).isInstanceOf(TransformResult.Output.class);
        assertThat(text(result)).isEqualTo(ORU.replace("DOE^JANE", "ROE^JANE"));
    }

    @Test
    void reads_segments_and_meta() throws IOException {
        TransformResult result = run("""
                export function transform(msg, meta) {
                  const values = msg.segments('OBX').map(s => s.get('3.1') + '=' + s.get('5'));
                  return meta.id + ' ' + meta.destination + ' ' + values.join(',') + ' ' + msg.get('OBX[2]-6');
                }
                """, ORU, Format.HL7);
        assertThat(text(result)).isEqualTo("7 ehr GLU=5.4,K=4.1 mmol/L");
    }

    @Test
    void null_means_filtered() throws IOException {
        assertThat(run("export function transform(msg) { return null; }\n", ORU, Format.HL7))
                .isEqualTo(new TransformResult.Filtered("the transform returned null"));
    }

    @Test
    void the_decision_functions_carry_their_reason() throws IOException {
        assertThat(run("export function transform() { filter('not for the lab'); }\n", ORU, Format.HL7))
                .isEqualTo(new TransformResult.Filtered("not for the lab"));
        assertThat(run("export function transform() { transient('code service down'); }\n", ORU, Format.HL7))
                .isInstanceOf(TransformResult.Transient.class)
                .satisfies(r -> assertThat(((TransformResult.Transient) r).reason()).startsWith("code service down"));
    }

    @Test
    void quarantine_and_errors_name_the_users_file_and_line() throws IOException {
        TransformResult asked = run("""
                export function transform(msg) {
                  if (msg.get('OBX-5') > 5) {
                    quarantine('glucose out of range');
                  }
                  return msg;
                }
                """, ORU, Format.HL7);
        assertThat(asked).isEqualTo(new TransformResult.Quarantined("glucose out of range (transform.js:3)"));

        TransformResult thrown = run("""
                export function transform(msg) {
                  return msg.nope.toUpperCase();
                }
                """, ORU, Format.HL7);
        assertThat(((TransformResult.Quarantined) thrown).reason()).contains("(transform.js:2)");
    }

    @Test
    void json_messages_are_plain_objects() throws IOException {
        TransformResult result = run("""
                export function transform(order) {
                  order.items = order.items.filter(i => i.qty > 0);
                  return order;
                }
                """, "{\"id\":\"A1\",\"items\":[{\"sku\":\"X\",\"qty\":0},{\"sku\":\"Y\",\"qty\":2}]}", Format.JSON);
        assertThat(text(result)).isEqualTo("{\"id\":\"A1\",\"items\":[{\"sku\":\"Y\",\"qty\":2}]}");
    }

    @Test
    void input_that_is_not_hl7_is_quarantined_with_the_reason() throws IOException {
        TransformResult result = run("export function transform(msg) { return msg; }\n", "hello", Format.HL7);
        assertThat(((TransformResult.Quarantined) result).reason()).startsWith("the message cannot be read as HL7");
    }

    @Test
    void text_messages_are_strings() throws IOException {
        TransformResult result = run("export function transform(msg) { return typeof msg + ':' + msg.toUpperCase(); }\n",
                "hello", Format.TEXT);
        assertThat(text(result)).isEqualTo("string:HELLO");
    }

    @Test
    void rows_read_from_csv_go_to_a_destination_that_takes_json_as_json() throws IOException {
        TransformResult result = Transforms.run(host, project, """
                export function transform(rows) { return rows.map(r => ({ mrn: r.mrn, value: Number(r.value) })); }
                """, "mrn,value\r\n42,5.4\r\n".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Format.CSV, Format.JSON);
        assertThat(text(result)).isEqualTo("[{\"mrn\":\"42\",\"value\":5.4}]");
    }

    @Test
    void objects_read_from_json_go_to_a_destination_that_takes_csv_as_csv() throws IOException {
        TransformResult result = Transforms.run(host, project, """
                export function transform(order) { return order.lines.map(l => ({ code: l.code, qty: l.qty })); }
                """, "{\"lines\":[{\"code\":\"A\",\"qty\":2},{\"code\":\"B, C\",\"qty\":1}]}".getBytes(StandardCharsets.UTF_8),
                StandardCharsets.UTF_8, Format.JSON, Format.CSV);
        assertThat(text(result)).isEqualTo("code,qty\r\nA,2\r\n\"B, C\",1\r\n");
    }

    private TransformResult run(String code, String message, Format format) throws IOException {
        return Transforms.run(host, project, code, message.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, format);
    }
}
