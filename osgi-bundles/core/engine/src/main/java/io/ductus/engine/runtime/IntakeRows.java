package io.ductus.engine.runtime;

import io.ductus.core.hl7.Hl7Charsets;
import io.ductus.core.hl7.Hl7Message;
import io.ductus.core.hl7.Hl7ParseException;
import io.ductus.core.lane.IntakeKeys;
import io.ductus.core.lane.Lanes;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.sdk.InboundMessage;
import io.ductus.store.NewMessage;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An interface's rules for turning what arrived into the row the store keeps: the charset, the ordering
 * key and its lane, the dedupe key, one delivery per destination, and where it came from. Intake uses
 * them for what its source receives; a route uses its target's for what it stores there.
 */
final class IntakeRows {

    private static final Logger LOG = LoggerFactory.getLogger(IntakeRows.class);

    private final InterfaceDefinition definition;
    private final List<String> destinations;

    IntakeRows(InterfaceDefinition definition) {
        this.definition = definition;
        this.destinations = List.copyOf(definition.destinations().keySet());
    }

    NewMessage row(InboundMessage message, long receivedAt) {
        Charset setting = message.charset().or(() -> definition.charset().map(Charset::forName)).orElse(null);
        Charset charset;
        IntakeKeys keys;
        if (definition.format() == Format.HL7) {
            // The source's setting, else MSH-18, else UTF-8 (ISO-8859-1 for bytes that are not UTF-8): Hl7Charsets.
            Hl7Charsets.Decoded decoded = Hl7Charsets.decode(message.payload(), setting);
            charset = decoded.charset();
            keys = keys(decoded.text());
        } else {
            charset = setting == null ? StandardCharsets.UTF_8 : setting;
            keys = new IntakeKeys(Optional.empty(), 0, Optional.empty());
        }
        return new NewMessage(receivedAt, message.payload(), charset.name(), keys.orderingKey().orElse(null),
                keys.lane(), keys.dedupeKey().orElse(null), destinations, origin(message.origin()));
    }

    /** Keys from the payload; a message whose key cannot be read is still stored (in lane 0), never refused. */
    private IntakeKeys keys(String text) {
        try {
            return IntakeKeys.of(definition, Hl7Message.parse(text));
        } catch (Hl7ParseException e) {
            LOG.warn("interface {}: ordering and dedupe keys unreadable, message goes to lane 0: {}", definition.name(), e.getMessage());
            return new IntakeKeys(Optional.empty(), Lanes.laneOf(null, definition.ordering().lanes()), Optional.empty());
        }
    }

    private static String origin(Map<String, String> origin) {
        if (origin.isEmpty()) return null;
        return origin.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
