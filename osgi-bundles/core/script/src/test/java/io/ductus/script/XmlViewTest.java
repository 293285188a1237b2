package io.ductus.script;

import static io.ductus.script.Transforms.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.Format;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** XML interfaces: msg is an {@link XmlView} read and written by XPath, parsed without DTDs or external entities. */
class XmlViewTest {

    private static final String ORDER = """
            <?xml version="1.0" encoding="UTF-8"?>
            <order xmlns="urn:example:orders" id="A1">
              <patient><name>Doe &amp; Co</name></patient>
              <obs code="GLU">5.4</obs>
              <obs code="K">4.1</obs>
            </order>
            """;

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
    void xml_get_reads_the_first_match_of_an_xpath() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  return [msg.get('/order/patient/name'), msg.get('//obs[2]/@code'), msg.get('/order/@id'),
                          msg.get('//obs'), msg.get('/order/missing')].join('|');
                }
                """, ORDER, Format.XML);
        assertThat(text(result)).isEqualTo("Doe & Co|K|A1|5.4|");
    }

    @Test
    void xml_get_of_a_path_without_match_is_null() throws IOException {
        TransformResult result = run("export function transform(msg) { return String(msg.get('/order/missing')); }\n",
                ORDER, Format.XML);
        assertThat(text(result)).isEqualTo("null");
    }

    @Test
    void xml_names_are_matched_as_written_without_namespaces() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  return msg.get("//*[name()='v3:id']/@root") + ' ' + msg.get('/doc/title');
                }
                """, "<doc xmlns='urn:hl7-org:v3' xmlns:v3='urn:hl7-org:v3'><v3:id root='1.2.3'/><title>Lab</title></doc>",
                Format.XML);
        assertThat(text(result)).isEqualTo("1.2.3 Lab");
    }

    @Test
    void xml_get_all_gives_every_match_in_document_order() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  return msg.getAll('//obs/@code').map(c => c.toLowerCase()).join(',') + ' ' + msg.getAll('//none').length;
                }
                """, ORDER, Format.XML);
        assertThat(text(result)).isEqualTo("glu,k 0");
    }

    @Test
    void xml_set_changes_every_match_and_keeps_the_declaration() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  msg.set('//obs/@code', 'LOINC').set('/order/patient/name', 'Roe <Jr>');
                  return msg;
                }
                """, ORDER, Format.XML);
        assertThat(text(result)).isEqualTo(ORDER
                .replace("Doe &amp; Co", "Roe &lt;Jr&gt;")
                .replace("code=\"GLU\"", "code=\"LOINC\"").replace("code=\"K\"", "code=\"LOINC\""));
    }

    @Test
    void xml_returned_unchanged_keeps_every_byte() throws IOException {
        // Single quotes, a character reference, attribute order, CRLF and ISO-8859-1: all would change if re-serialized.
        String xml = "<?xml version='1.0' encoding='ISO-8859-1' standalone='yes'?>\r\n"
                + "<!-- from the lab -->\r\n<r z='1' a=\"2\"><n>M\u00fcller &#x41;</n><e/></r>";
        byte[] bytes = xml.getBytes(StandardCharsets.ISO_8859_1);
        TransformResult result = Transforms.run(host, project, """
                export function transform(msg) {
                  if (msg.get('/r/n') !== 'M\u00fcller A') throw new Error('read ' + msg.get('/r/n'));
                  return msg;
                }
                """, bytes, StandardCharsets.UTF_8, Format.XML);
        TransformResult.Output output = (TransformResult.Output) result;
        assertThat(output.payload()).isEqualTo(bytes);
        assertThat(output.charset()).isEqualTo(StandardCharsets.ISO_8859_1);
    }

    @Test
    void xml_set_writes_in_the_documents_own_encoding() throws IOException {
        byte[] bytes = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r><n>M\u00fcller</n></r>\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        TransformResult result = Transforms.run(host, project,
                "export function transform(msg) { return msg.set('/r/n', msg.get('/r/n') + ' \u20ac'); }\n",
                bytes, StandardCharsets.UTF_8, Format.XML);
        TransformResult.Output output = (TransformResult.Output) result;
        assertThat(output.charset()).isEqualTo(Charset.forName("ISO-8859-1"));
        // The euro sign is not in ISO-8859-1: it is written as a character reference.
        assertThat(new String(output.payload(), StandardCharsets.ISO_8859_1))
                .isEqualTo("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r><n>M\u00fcller &#8364;</n></r>\n");
    }

    @Test
    void xml_to_string_is_the_document_as_text() throws IOException {
        TransformResult result = run("export function transform(msg) { return msg.set('/order/@id', 'B2').toString(); }\n",
                ORDER, Format.XML);
        assertThat(text(result)).isEqualTo(ORDER.replace("id=\"A1\"", "id=\"B2\""));
    }

    @Test
    void xml_set_on_a_path_that_matches_nothing_quarantines_naming_the_path() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  msg.set('/order/pateint/name', 'x');
                  return msg;
                }
                """, ORDER, Format.XML);
        assertThat(((TransformResult.Quarantined) result).reason())
                .contains("nothing in the XML matches '/order/pateint/name'").contains("(transform.js:2)");
    }

    @Test
    void xml_external_entities_are_never_read() throws IOException {
        Path secret = Files.writeString(project.resolve("secret.txt"), "TOP-SECRET");
        String entity = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n<r>&x;</r>";
        String parameterEntity = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY % p SYSTEM \"" + secret.toUri()
                + "\"> %p;]>\n<r/>";
        String externalDtd = "<!DOCTYPE r SYSTEM \"" + secret.toUri() + "\">\n<r/>";
        for (String xml : new String[] {entity, parameterEntity, externalDtd}) {
            TransformResult result = run("export function transform(msg) { return msg.toString(); }\n", xml, Format.XML);
            assertThat(result).as(xml).isInstanceOf(TransformResult.Quarantined.class);
            assertThat(((TransformResult.Quarantined) result).reason()).as(xml)
                    .startsWith("the message cannot be read as XML: line ")
                    .contains("DOCTYPE")
                    .doesNotContain("TOP-SECRET");
        }
    }

    @Test
    void xml_that_is_not_well_formed_is_quarantined_naming_line_and_column() throws IOException {
        TransformResult result = run("export function transform(msg) { return msg; }\n", "<order>\n  <name>Doe</nam>\n</order>",
                Format.XML);
        assertThat(((TransformResult.Quarantined) result).reason())
                .startsWith("the message cannot be read as XML: line 2, column 14: ")
                .contains("\"name\"");
    }

    @Test
    void xml_paths_that_are_not_xpath_quarantine_with_the_path() throws IOException {
        TransformResult result = run("export function transform(msg) { return msg.get('/order/[1'); }\n", ORDER, Format.XML);
        assertThat(((TransformResult.Quarantined) result).reason())
                .contains("'/order/[1' is not an XPath to nodes of the XML: A location step was expected");
    }

    private TransformResult run(String code, String message, Format format) throws IOException {
        return Transforms.run(host, project, code, message.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, format);
    }
}
