package io.ductus.engine.runtime;

import io.ductus.format.hl7.Hl7Charsets;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.hl7.Hl7Path;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import io.ductus.store.PendingDelivery;
import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Optional;

/**
 * A pending delivery as a destination sees it. HL7 fields are read only if a template asks for one: a field of
 * MSH from the header alone, anything else from the message parsed once. Its {@link #fence()} is the interface's
 * {@link Ownership.DeliveryGate#maySend()}, asked again wherever the destination calls it (on any thread); once it
 * refused, it stays refused, and the handover treats the message as not sent ({@link #refusal()}).
 */
final class StoredOutbound implements OutboundMessage {

    private final PendingDelivery delivery;
    private final byte[] payload;
    private final Charset charset;
    private final Ownership.DeliveryGate gate;
    private volatile NoLongerOwnedException refusal;
    private Hl7Header header;
    private Hl7Message parsed;
    private boolean unparseable;

    StoredOutbound(PendingDelivery delivery, byte[] payload, String charset) {
        this(delivery, payload, charset, Ownership.DeliveryGate.OPEN);
    }

    StoredOutbound(PendingDelivery delivery, byte[] payload, String charset, Ownership.DeliveryGate gate) {
        this.gate = gate;
        this.delivery = delivery;
        this.payload = payload;
        this.charset = Charset.forName(charset);
    }

    @Override
    public long messageId() {
        return delivery.messageId();
    }

    @Override
    public String interfaceName() {
        return delivery.destination().interfaceName();
    }

    @Override
    public String destinationName() {
        return delivery.destination().destination();
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
        return Instant.ofEpochMilli(delivery.receivedAt());
    }

    @Override
    public void fence() {
        NoLongerOwnedException refused = refusal;
        if (refused != null) throw refused;
        if (gate.maySend()) return;
        refused = new NoLongerOwnedException(interfaceName(), messageId());
        refusal = refused;
        throw refused;
    }

    /** The fence's refusal, if it refused: then nothing of the message may have been written. */
    NoLongerOwnedException refusal() {
        return refusal;
    }

    @Override
    public Optional<String> field(String path) {
        Hl7Path p;
        try {
            p = Hl7Path.parse(path);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (parsed == null && p.segment().equals("MSH") && p.occurrence() == 1 && Hl7Charsets.isAsciiCompatible(charset)) {
            try {
                if (header == null) header = Hl7Header.read(payload);
                return Optional.of(header.get(p, charset)).filter(v -> !v.isEmpty());
            } catch (Hl7ParseException e) {
                return Optional.empty();
            }
        }
        if (parsed == null && !unparseable) {
            try {
                parsed = Hl7Message.parse(new String(payload, charset));
            } catch (Hl7ParseException e) {
                unparseable = true;
            }
        }
        if (parsed == null) return Optional.empty();
        try {
            return Optional.of(parsed.get(p)).filter(v -> !v.isEmpty());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
