package io.ductus.sdk.testkit;

import io.ductus.sdk.OutboundMessage;
import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** Outbound messages for destination tests. */
public final class TestMessages {

    private TestMessages() {
    }

    /** A message as the engine would hand it to a destination; fields answer {@link OutboundMessage#field}. */
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
