package io.ductus.studio.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ductus.format.csv.CsvParseException;
import io.ductus.format.csv.CsvTable;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * What kind of payload a message holds and how to show it readably: HL7 v2 as a tree, JSON and XML
 * indented, CSV as a table (read by the core's CSV reader), anything else as text. Pure: text in, text out.
 */
public final class PayloadFormat {

    public enum Kind { HL7, JSON, XML, CSV, TEXT }

    /** A payload made readable: its kind, the text to show, and the table for CSV (else empty). */
    public record Readable(Kind kind, String text, List<String> header, List<List<String>> rows) {

        /** The text to read: indented JSON or XML; for CSV the columns aligned under their names. */
        public String readableText() {
            if (kind != Kind.CSV) return text;
            int[] widths = new int[header.size()];
            for (int c = 0; c < header.size(); c++) widths[c] = header.get(c).length();
            for (List<String> row : rows) for (int c = 0; c < row.size(); c++) widths[c] = Math.max(widths[c], Math.min(40, row.get(c).length()));
            StringBuilder s = new StringBuilder();
            line(s, header, widths);
            for (List<String> row : rows) line(s, row, widths);
            return s.toString();
        }

        private static void line(StringBuilder s, List<String> values, int[] widths) {
            for (int c = 0; c < values.size(); c++) {
                String v = values.get(c);
                s.append(c == 0 ? "" : " | ").append(v).append(" ".repeat(Math.max(0, widths[c] - v.length())));
            }
            s.append('\n');
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PayloadFormat() {
    }

    public static Readable of(String payload) {
        String trimmed = payload.stripLeading();
        if (trimmed.startsWith("\uFEFF")) trimmed = trimmed.substring(1);
        if (trimmed.startsWith("MSH") || trimmed.startsWith("FHS") || trimmed.startsWith("BHS")) {
            return new Readable(Kind.HL7, payload, List.of(), List.of());
        }
        if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
            try {
                JsonNode node = JSON.readTree(payload);
                return new Readable(Kind.JSON, JSON.writeValueAsString(node), List.of(), List.of());
            } catch (java.io.IOException e) {
                return text(payload);
            }
        }
        if (trimmed.startsWith("<")) {
            String xml = indentXml(payload);
            return xml == null ? text(payload) : new Readable(Kind.XML, xml, List.of(), List.of());
        }
        if (looksLikeCsv(payload)) {
            try {
                CsvTable table = CsvTable.read(payload);
                return new Readable(Kind.CSV, payload, table.header(), table.rows());
            } catch (CsvParseException | IllegalArgumentException e) {
                return text(payload);
            }
        }
        return text(payload);
    }

    private static Readable text(String payload) {
        return new Readable(Kind.TEXT, payload, List.of(), List.of());
    }

    /** At least two lines, and the first has a comma: worth trying as CSV. */
    private static boolean looksLikeCsv(String payload) {
        int newline = payload.indexOf('\n');
        return newline > 0 && newline < payload.length() - 1 && payload.substring(0, newline).contains(",");
    }

    private static String indentXml(String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true); // no entities from outside
            factory.setExpandEntityReferences(false);
            Document doc = factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
            TransformerFactory tf = TransformerFactory.newInstance();
            tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            var transformer = tf.newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString().replaceAll("(?m)^[ \t]*\r?\n", "");
        } catch (Exception e) {
            return null;
        }
    }
}
