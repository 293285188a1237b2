package io.ductus.core.lane;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import java.util.Objects;
import java.util.Optional;

/**
 * What intake stores with a message besides its payload: its ordering key, the lane that key hashes to,
 * and its dedupe key. An empty value counts as no value (HL7 does not tell empty from absent), so a
 * message without a key goes to lane 0 and a message without a dedupe value is never a duplicate.
 *
 * @param orderingKey the ordering key's value, if the interface has one and the message holds it
 * @param lane        the lane, from 0 to the interface's {@link io.ductus.core.project.Ordering#lanes()} - 1
 * @param dedupeKey   the dedupe value, if the interface dedupes and the message holds it
 */
public record IntakeKeys(Optional<String> orderingKey, int lane, Optional<String> dedupeKey) {

    public IntakeKeys {
        Objects.requireNonNull(orderingKey, "orderingKey");
        Objects.requireNonNull(dedupeKey, "dedupeKey");
        if (lane < 0) throw new IllegalArgumentException("lane must be ≥ 0, got " + lane);
    }

    /** The keys of a parsed HL7 message of an HL7 interface. */
    public static IntakeKeys of(InterfaceDefinition definition, Hl7Message message) {
        if (definition.format() != Format.HL7) {
            throw new IllegalArgumentException("interface '" + definition.name() + "' reads " + definition.format().word() + ", not hl7");
        }
        Optional<String> key = definition.hl7OrderingKey().map(message::get).filter(v -> !v.isEmpty());
        Optional<String> dedupe = definition.hl7DedupeKey().map(message::get).filter(v -> !v.isEmpty());
        return new IntakeKeys(key, Lanes.laneOf(key.orElse(null), definition.ordering().lanes()), dedupe);
    }
}
