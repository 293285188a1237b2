package io.ductus.engine.runtime;

import io.ductus.core.lane.IntakeKeys;
import io.ductus.core.lane.PayloadKeys;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.sdk.InboundMessage;
import io.ductus.store.NewMessage;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An interface's rules for turning what arrived into the row the store keeps: the charset, the ordering
 * key and its lane, the dedupe key, one delivery per destination, and where it came from. Intake uses
 * them for what its source receives; a route uses its target's for what it stores there. The keys are read
 * as {@link PayloadKeys} reads them (an operator's edited copy too).
 */
final class IntakeRows {

    private static final Logger LOG = LoggerFactory.getLogger(IntakeRows.class);

    private final InterfaceDefinition definition;
    private final List<String> destinations;
    private final Charset interfaceCharset; // the interface's charset: setting, or null

    IntakeRows(InterfaceDefinition definition) {
        this.definition = definition;
        this.destinations = List.copyOf(definition.destinations().keySet());
        this.interfaceCharset = definition.charset().map(Charset::forName).orElse(null);
    }

    NewMessage row(InboundMessage message, long receivedAt) {
        Charset setting = message.charset().orElse(interfaceCharset);
        PayloadKeys read = PayloadKeys.read(definition, message.payload(), setting, message.hl7());
        read.unreadable().ifPresent(why -> LOG.warn("interface {}: {}", definition.name(), why));
        IntakeKeys keys = read.keys();
        return new NewMessage(receivedAt, message.payload(), read.charset().name(), keys.orderingKey().orElse(null),
                keys.lane(), keys.dedupeKey().orElse(null), destinations, origin(message.origin()));
    }

    private static String origin(Map<String, String> origin) {
        if (origin.isEmpty()) return null;
        if (origin.size() == 1) { // an MLLP connection's remote: no sort, no stream per message
            Map.Entry<String, String> only = origin.entrySet().iterator().next();
            return only.getKey() + "=" + only.getValue();
        }
        return origin.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
