package io.ductus.engine.runtime;

import io.ductus.format.hl7.Hl7Charsets;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.core.lane.IntakeKeys;
import io.ductus.core.lane.Lanes;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an interface reads from a payload before storing it: its charset, ordering key, lane and dedupe
 * key. Intake and an operator's edited copy read them the same way.
 */
public record PayloadKeys(Charset charset, IntakeKeys keys) {

    private static final Logger LOG = LoggerFactory.getLogger(PayloadKeys.class);

    /**
     * @param setting the charset the source or the operator named, or null: then for HL7 MSH-18, else UTF-8
     *                (ISO-8859-1 for bytes that are not UTF-8), see {@link Hl7Charsets}; UTF-8 for other formats
     */
    public static PayloadKeys read(InterfaceDefinition definition, byte[] payload, Charset setting) {
        if (definition.format() != Format.HL7) {
            return new PayloadKeys(setting == null ? StandardCharsets.UTF_8 : setting,
                    new IntakeKeys(Optional.empty(), 0, Optional.empty()));
        }
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(payload, setting);
        return new PayloadKeys(decoded.charset(), hl7Keys(definition, decoded.text()));
    }

    /** Keys from the payload; a message whose key cannot be read is still stored (in lane 0), never refused. */
    private static IntakeKeys hl7Keys(InterfaceDefinition definition, String text) {
        try {
            return IntakeKeys.of(definition, Hl7Message.parse(text));
        } catch (Hl7ParseException e) {
            LOG.warn("interface {}: ordering and dedupe keys unreadable, message goes to lane 0: {}", definition.name(), e.getMessage());
            return new IntakeKeys(Optional.empty(), Lanes.laneOf(null, definition.ordering().lanes()), Optional.empty());
        }
    }
}
