package io.ductus.sdk.testkit;

import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * A message whose {@link OutboundMessage#fence() fence} the test controls ({@link TestMessages#fenced}): it refuses
 * once {@code owned} answers false, and from then on, as the engine's does after a takeover. Says how often the
 * destination checked it, so a test can tell a destination that checked and wrote nothing from one that never
 * checked.
 *
 * @since 1.5
 */
public final class FencedMessage implements OutboundMessage {

    private final OutboundMessage message;
    private final BooleanSupplier owned;
    private final AtomicInteger checks = new AtomicInteger();
    private volatile NoLongerOwnedException refusal;

    FencedMessage(OutboundMessage message, BooleanSupplier owned) {
        this.message = message;
        this.owned = owned;
    }

    @Override
    public void fence() {
        checks.incrementAndGet();
        NoLongerOwnedException refused = refusal;
        if (refused != null) throw refused;
        if (!owned.getAsBoolean()) {
            refused = new NoLongerOwnedException(message.interfaceName(), message.messageId());
            refusal = refused;
            throw refused;
        }
    }

    /** How many times the destination called {@link #fence()}. */
    public int checks() {
        return checks.get();
    }

    /** Whether {@link #fence()} refused. */
    public boolean refused() {
        return refusal != null;
    }

    @Override
    public long messageId() {
        return message.messageId();
    }

    @Override
    public String interfaceName() {
        return message.interfaceName();
    }

    @Override
    public String destinationName() {
        return message.destinationName();
    }

    @Override
    public byte[] payload() {
        return message.payload();
    }

    @Override
    public Charset charset() {
        return message.charset();
    }

    @Override
    public Instant receivedAt() {
        return message.receivedAt();
    }

    @Override
    public Optional<String> field(String path) {
        return message.field(path);
    }
}
