package io.ductus.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.config.ConfigSchema;
import org.junit.jupiter.api.Test;

class OutcomeTest {

    @Test
    void retry_and_quarantine_need_a_reason() {
        assertThatThrownBy(() -> Outcome.retry(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Outcome.quarantine(null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Outcome.sent(null).detail()).isEmpty();
    }

    @Test
    void connector_type_knows_its_roles() {
        ConnectorType t = ConnectorType.destination("console", "logs messages", ConfigSchema.empty());
        assertThat(t.roles()).containsExactly(Role.DESTINATION);
        assertThat(t.has(Role.SOURCE)).isFalse();
        assertThatThrownBy(() -> ConnectorType.destination("Bad Name", "", ConfigSchema.empty()))
                .hasMessageContaining("Bad Name");
    }
}
