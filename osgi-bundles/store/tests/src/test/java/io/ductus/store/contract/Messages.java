package io.ductus.store.contract;

import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Small builders for test messages. */
final class Messages {

    static final long T0 = 1_780_000_000_000L;

    private Messages() {
    }

    static NewMessage message(String text, int lane, String dedupeKey, String... destinations) {
        return new NewMessage(T0, text.getBytes(StandardCharsets.UTF_8), "UTF-8", "key-" + lane, lane, dedupeKey,
                List.of(destinations), null);
    }

    static IntakeBatch batch(String interfaceName, NewMessage... messages) {
        return IntakeBatch.of(interfaceName, Durability.STRICT, List.of(messages));
    }

    static DestinationRef dest(String interfaceName, String destination) {
        return new DestinationRef(interfaceName, destination);
    }
}
