package io.ductus.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MessageStatusTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(textBlock = """
            pending sent quarantined,  PENDING
            sent quarantined filtered, QUARANTINED
            sent filtered,             SENT
            filtered filtered,         FILTERED
            sent,                      SENT
            '',                        FILTERED
            """)
    void derives_status_from_deliveries(String deliveries, MessageStatus expected) {
        List<DeliveryStatus> statuses = deliveries.isBlank() ? List.of()
                : Arrays.stream(deliveries.trim().split(" +")).map(DeliveryStatus::fromDb).toList();
        assertThat(MessageStatus.derive(statuses)).isEqualTo(expected);
    }
}
