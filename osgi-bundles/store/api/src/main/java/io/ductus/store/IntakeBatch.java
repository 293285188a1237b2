package io.ductus.store;

import java.util.List;
import java.util.Objects;

/**
 * What one intake call stores in one transaction: messages of one interface and, for batched sources,
 * the progress that goes with them.
 *
 * @param progress null when the source keeps no progress
 */
public record IntakeBatch(String interfaceName, Durability durability, List<NewMessage> messages,
                          SourceProgress progress) {

    public IntakeBatch {
        Objects.requireNonNull(interfaceName, "interfaceName");
        Objects.requireNonNull(durability, "durability");
        messages = List.copyOf(messages);
    }

    public static IntakeBatch of(String interfaceName, Durability durability, List<NewMessage> messages) {
        return new IntakeBatch(interfaceName, durability, messages, null);
    }
}
