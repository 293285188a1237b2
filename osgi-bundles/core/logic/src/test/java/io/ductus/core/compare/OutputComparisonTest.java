package io.ductus.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutputComparisonTest {

    private static Hl7Message hl7(String text) throws Exception {
        return Hl7Message.parse(text.replace('\n', '\r'));
    }

    @Test
    void hl7_differences_are_named_by_field_component_and_segment_occurrence() throws Exception {
        Hl7Message before = hl7("MSH|^~\\&|LAB|H|EHR|H|20260302||ORU^R01|1|P|2.5\nPID|1||123^^^H||Doe^John\nOBX|1|NM|GLU||5.5|mmol/L\nOBX|2|NM|NA||140|mmol/L");
        Hl7Message after = hl7("MSH|^~\\&|LAB|H|EHR|H|20260302||ORU^R01|1|P|2.5\nPID|1||123^^^H||Doe^Jane\nOBX|1|NM|GLU||5.5|mmol/L\nOBX|2|NM|NA||141|mmol/L\nZRS|done");
        assertThat(OutputComparison.hl7(before, after)).containsExactly(
                new Difference("PID-5.2", "John", "Jane"),
                new Difference("OBX[2]-5", "140", "141"),
                new Difference("ZRS", null, "ZRS|done"));
    }

    @Test
    void msh_fields_count_the_separator_as_msh_1() throws Exception {
        Hl7Message before = hl7("MSH|^~\\&|LAB|H|EHR|H|20260302||ORU^R01|1|P|2.5");
        Hl7Message after = hl7("MSH|^~\\&|LIS|H|EHR|H|20260302||ORU^R01|1|P|2.5");
        assertThat(OutputComparison.hl7(before, after)).containsExactly(new Difference("MSH-3", "LAB", "LIS"));
    }

    @Test
    void fields_one_side_lacks_read_as_empty_each_side_split_by_its_own_delimiters() throws Exception {
        Hl7Message before = hl7("MSH|^~\\&|A|B|C|D|1||ADT^A01|1|P|2.5\nPID|1|x|y\nNTE\nZZ1|a||");
        Hl7Message after = hl7("MSH#^~\\&#A#B#C#D#1##ADT^A01#1#P#2.5#\nPID#1#x##z#\nNTE#1\nZZ1");
        assertThat(OutputComparison.hl7(before, after)).containsExactly(
                new Difference("PID-3", "y", ""),
                new Difference("PID-4", "", "z"),
                new Difference("NTE-1", "", "1"),
                new Difference("ZZ1-1", "a", ""));
    }

    @Test
    void repetitions_and_subcomponents_get_their_place() throws Exception {
        Hl7Message before = hl7("MSH|^~\\&|A|B|C|D|1||ADT^A01|1|P|2.5\nPID|1||1^^^H~2^^^X||A&B^C");
        Hl7Message after = hl7("MSH|^~\\&|A|B|C|D|1||ADT^A01|1|P|2.5\nPID|1||1^^^H~3^^^X||A&Z^C");
        assertThat(OutputComparison.hl7(before, after)).containsExactly(
                new Difference("PID-3[2].1", "2", "3"), new Difference("PID-5.1.2", "B", "Z"));
    }

    @Test
    void json_differences_are_named_by_path_and_numbers_compare_by_value() {
        Object before = Map.of("name", List.of("Doe", "John"), "age", 41, "w", 70.0);
        Object after = Map.of("name", List.of("Doe", "Jane", "Q"), "age", 41, "w", 70);
        assertThat(OutputComparison.json(before, after)).containsExactlyInAnyOrder(
                new Difference("$.name[1]", "John", "Jane"), new Difference("$.name[2]", null, "Q"));
    }

    @Test
    void text_differences_are_runs_of_lines() {
        assertThat(OutputComparison.text("a\nb\nc\nd\n", "a\nB\nC\nd\ne\n")).containsExactly(
                new Difference("line 2", "b\nc", "B\nC"), new Difference("line 5", null, "e"));
    }

    private static org.w3c.dom.Element xml(String text) throws Exception {
        var factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .getDocumentElement();
    }

    @Test
    void xml_differences_are_named_by_element_path_with_positions_and_attributes_and_layout_is_ignored() throws Exception {
        var before = xml("<order id=\"1\">\n  <patient><name>DUCK</name></patient>\n  <item>a</item><item>b</item>\n</order>");
        var after = xml("<order id=\"2\"><patient><name>Duck</name></patient><item>a</item><item>c</item><item>d</item><note/></order>");
        assertThat(OutputComparison.xml(before, after)).containsExactly(
                new Difference("/order/@id", "1", "2"),
                new Difference("/order/patient/name", "DUCK", "Duck"),
                new Difference("/order/item[2]", "b", "c"),
                new Difference("/order/item[3]", null, "<item>d"),
                new Difference("/order/note", null, "<note>"));
        assertThat(OutputComparison.xml(before, xml("<order id=\"1\"><patient><name>DUCK</name></patient><item>a</item><item>b</item></order>")))
                .isEmpty();
    }
}
