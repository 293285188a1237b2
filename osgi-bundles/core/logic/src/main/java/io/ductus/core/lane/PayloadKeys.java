package io.ductus.core.lane;

import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.format.hl7.Hl7Charsets;
import io.ductus.format.hl7.Hl7Input;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What an interface reads from a payload before storing it: the charset it is kept with, its ordering
 * key, lane and dedupe key. Intake, a route and an operator's edited copy read them alike. A message whose
 * keys cannot be read is still stored, in lane 0 with no keys, never refused: {@code unreadable} says why,
 * for the runtime to log.
 *
 * @param charset    the charset the payload is stored with
 * @param keys       its keys and lane
 * @param unreadable why the keys could not be read, when they could not
 */
public record PayloadKeys(Charset charset, IntakeKeys keys, Optional<String> unreadable) {

    /**
     * @param setting  the charset the source or the operator named, or null: then for HL7 MSH-18, else
     *                 UTF-8 (ISO-8859-1 for bytes that are not UTF-8), see {@link Hl7Charsets}; UTF-8 for
     *                 other formats
     * @param received the HL7 message as the source read it (its header), to go on reading rather than
     *                 parse again; empty when the source did not read it
     */
    public static PayloadKeys read(InterfaceDefinition definition, byte[] payload, Charset setting, Optional<Hl7Input> received) {
        if (definition.format() != Format.HL7) {
            return new PayloadKeys(setting == null ? StandardCharsets.UTF_8 : setting,
                    new IntakeKeys(Optional.empty(), 0, Optional.empty()), Optional.empty());
        }
        if (received.isPresent()) {
            Hl7Input input = received.get();
            try {
                return new PayloadKeys(input.charset(setting), IntakeKeys.of(definition, input.message(setting)), Optional.empty());
            } catch (Hl7ParseException e) {
                return unreadable(definition, input.charset(setting), e);
            }
        }
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(payload, setting);
        try {
            return new PayloadKeys(decoded.charset(), IntakeKeys.of(definition, Hl7Message.parse(decoded.text())), Optional.empty());
        } catch (Hl7ParseException e) {
            return unreadable(definition, decoded.charset(), e);
        }
    }

    /** The charset {@link #read} keeps a payload with, without reading its keys (for code run on it outside intake). */
    public static Charset charset(InterfaceDefinition definition, byte[] payload, Charset setting) {
        if (definition.format() != Format.HL7) return setting == null ? StandardCharsets.UTF_8 : setting;
        return Hl7Charsets.decode(payload, setting).charset();
    }

    private static PayloadKeys unreadable(InterfaceDefinition definition, Charset charset, Hl7ParseException e) {
        return new PayloadKeys(charset, new IntakeKeys(Optional.empty(), Lanes.laneOf(null, definition.ordering().lanes()),
                Optional.empty()), Optional.of("ordering and dedupe keys unreadable, message goes to lane 0: " + e.getMessage()));
    }
}
