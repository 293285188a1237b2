package io.ductus.engine.design;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.compare.Difference;
import io.ductus.core.compare.OutputComparison;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.core.project.Format;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.List;

/**
 * The differences between two payloads, each in its format: HL7 against HL7 by field path, JSON against
 * JSON by path, XML against XML by element path, anything else (or what does not read as its format) line by line. The trial shows them
 * against the input or the deployed code's output; replay compares recorded outputs with them.
 */
public final class OutputDifferences {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How the two were compared, and what differs. */
    public record Compared(String by, List<Difference> differences) {
    }

    private OutputDifferences() {
    }

    public static Compared between(Format formatA, byte[] a, Charset charsetA, Format formatB, byte[] b, Charset charsetB) {
        return between(formatA, a, charsetA, null, formatB, b, charsetB, null);
    }

    /**
     * As {@link #between(Format, byte[], Charset, Format, byte[], Charset)}, with either side's HL7 already
     * read where the caller has it ({@code Hl7Message.parse} of those very bytes, such as a transform's
     * message that encodes to them), so it is not read again; null: read from the bytes.
     */
    public static Compared between(Format formatA, byte[] a, Charset charsetA, Hl7Message readA, Format formatB, byte[] b, Charset charsetB,
                                   Hl7Message readB) {
        if (formatA == Format.HL7 && formatB == Format.HL7) {
            try {
                return new Compared("hl7", OutputComparison.hl7(readA != null ? readA : Hl7Message.parse(a, charsetA),
                        readB != null ? readB : Hl7Message.parse(b, charsetB)));
            } catch (Hl7ParseException e) {
                // compared as text below
            }
        }
        if (formatA == Format.JSON && formatB == Format.JSON) {
            try {
                return new Compared("json", OutputComparison.json(JSON.readValue(a, Object.class), JSON.readValue(b, Object.class)));
            } catch (IOException e) {
                // compared as text below
            }
        }
        if (formatA == Format.XML && formatB == Format.XML) {
            try {
                return new Compared("xml", OutputComparison.xml(io.ductus.script.SafeXmlParser.parse(a).getDocumentElement(),
                        io.ductus.script.SafeXmlParser.parse(b).getDocumentElement()));
            } catch (io.ductus.script.XmlParseException e) {
                // compared as text below
            }
        }
        return new Compared("text", OutputComparison.text(new String(a, charsetA), new String(b, charsetB)));
    }
}
