package io.ductus.core.lane;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.store.Durability;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IntakeKeysTest {

    private static final String ADT = "MSH|^~\\&|A|B|C|D|20261129||ADT^A01|MSG0001|P|2.5.1\rPID|1||2216506^^^H^MR||DOE^JOHN";

    @Test
    void takes_the_ordering_key_and_dedupe_value_from_the_message() throws Hl7ParseException {
        IntakeKeys keys = IntakeKeys.of(adt(Optional.of("PID-3.1"), 8, Optional.of("MSH-10")), Hl7Message.parse(ADT));
        assertThat(keys).isEqualTo(new IntakeKeys(Optional.of("2216506"), Lanes.laneOf("2216506", 8), Optional.of("MSG0001")));
        assertThat(keys.lane()).isEqualTo(7);
    }

    @Test
    void a_message_without_the_key_goes_to_lane_zero_and_is_not_deduped() throws Hl7ParseException {
        IntakeKeys keys = IntakeKeys.of(adt(Optional.of("PID-18"), 8, Optional.of("MSH-11.2")), Hl7Message.parse(ADT));
        assertThat(keys).isEqualTo(new IntakeKeys(Optional.empty(), 0, Optional.empty()));
    }

    @Test
    void an_interface_without_a_key_uses_one_lane() throws Hl7ParseException {
        assertThat(IntakeKeys.of(adt(Optional.empty(), 8, Optional.empty()), Hl7Message.parse(ADT)).lane()).isZero();
    }

    private static InterfaceDefinition adt(Optional<String> key, int partitions, Optional<String> dedupe) {
        return new InterfaceDefinition("adt", SourceDefinition.INTERNAL, Format.HL7, Optional.empty(), Durability.STRICT,
                new Ordering(key, partitions), dedupe, Map.of("out", new DestinationDefinition("out", "file", Map.of("path", "x"),
                        io.ductus.core.project.DestinationTransform.DEFAULT, Format.HL7, Retry.FOREVER, false)));
    }
}
