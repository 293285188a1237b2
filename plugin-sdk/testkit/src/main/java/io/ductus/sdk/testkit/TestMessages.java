package io.ductus.sdk.testkit;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.sdk.OutboundMessage;
import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** Outbound messages for destination tests. */
public final class TestMessages {

    private TestMessages() {
    }

    /**
     * An HL7 message as the engine hands it to a destination: {@link OutboundMessage#field} reads the payload
     * with the formats module's parser, as the engine does (an empty value or a message that is not HL7:
     * empty).
     *
     * @since 1.4
     */
    public static OutboundMessage hl7(long id, byte[] payload, Charset charset, Instant receivedAt) {
        Hl7Message parsed;
        try {
            parsed = Hl7Message.parse(new String(payload, charset));
        } catch (Hl7ParseException e) {
            parsed = null;
        }
        Hl7Message message = parsed;
        OutboundMessage plain = outbound(id, payload, charset, receivedAt, Map.of());
        return new OutboundMessage() {
            public long messageId() { return plain.messageId(); }
            public String interfaceName() { return plain.interfaceName(); }
            public String destinationName() { return plain.destinationName(); }
            public byte[] payload() { return payload; }
            public Charset charset() { return charset; }
            public Instant receivedAt() { return receivedAt; }
            public Optional<String> field(String path) {
                if (message == null) return Optional.empty();
                try {
                    return Optional.of(message.get(path)).filter(v -> !v.isEmpty());
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            }
        };
    }

    /**
     * The message with a fence this test controls: {@link OutboundMessage#fence()} refuses once {@code owned}
     * answers false (and from then on), as the engine's does once another engine took the interface over. To check
     * that a destination writes nothing of a message refused at the last moment, make {@code owned} turn false
     * once the peer saw the connection (or always answer false, for a refusal before anything).
     *
     * @since 1.5
     */
    public static FencedMessage fenced(OutboundMessage message, java.util.function.BooleanSupplier owned) {
        return new FencedMessage(message, owned);
    }

    /** A message as the engine would hand it to a destination; fields answer {@link OutboundMessage#field} from the map. */
    public static OutboundMessage outbound(long id, byte[] payload, Charset charset, Instant receivedAt, Map<String, String> fields) {
        return new OutboundMessage() {
            @Override
            public long messageId() {
                return id;
            }

            @Override
            public String interfaceName() {
                return "contract";
            }

            @Override
            public String destinationName() {
                return "destination";
            }

            @Override
            public byte[] payload() {
                return payload;
            }

            @Override
            public Charset charset() {
                return charset;
            }

            @Override
            public Instant receivedAt() {
                return receivedAt;
            }

            @Override
            public Optional<String> field(String path) {
                return Optional.ofNullable(fields.get(path));
            }
        };
    }
}
