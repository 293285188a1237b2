package io.ductus.studio.messages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PayloadFormatTest {

    @Test
    void hl7_is_shown_as_a_tree_and_json_and_xml_indented() {
        assertThat(PayloadFormat.of("\uFEFFMSH|^~\\&|A\r").kind()).isEqualTo(PayloadFormat.Kind.HL7);
        PayloadFormat.Readable json = PayloadFormat.of("{\"patient\":{\"id\":\"M1\",\"tags\":[1,2]}}");
        assertThat(json.kind()).isEqualTo(PayloadFormat.Kind.JSON);
        assertThat(json.readableText()).contains("\n  \"patient\" : {\n    \"id\" : \"M1\"");
        PayloadFormat.Readable xml = PayloadFormat.of("<order><id>7</id><item>GLU</item></order>");
        assertThat(xml.kind()).isEqualTo(PayloadFormat.Kind.XML);
        assertThat(xml.readableText()).contains("<order>\n  <id>7</id>\n  <item>GLU</item>\n</order>");
    }

    @Test
    void csv_is_a_table_with_aligned_columns() {
        PayloadFormat.Readable csv = PayloadFormat.of("mrn,name,ward\nM1,\"Doe, Jane\",W1\nM22,Roe,W10\n");
        assertThat(csv.kind()).isEqualTo(PayloadFormat.Kind.CSV);
        assertThat(csv.header()).containsExactly("mrn", "name", "ward");
        assertThat(csv.readableText()).isEqualTo("mrn | name      | ward\nM1  | Doe, Jane | W1  \nM22 | Roe       | W10 \n");
    }

    @Test
    void an_xml_document_with_a_doctype_is_not_expanded_and_broken_json_stays_text() {
        String evil = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>";
        assertThat(PayloadFormat.of(evil).kind()).isEqualTo(PayloadFormat.Kind.TEXT);
        assertThat(PayloadFormat.of("{broken").kind()).isEqualTo(PayloadFormat.Kind.TEXT);
        assertThat(PayloadFormat.of("just words").kind()).isEqualTo(PayloadFormat.Kind.TEXT);
    }
}
