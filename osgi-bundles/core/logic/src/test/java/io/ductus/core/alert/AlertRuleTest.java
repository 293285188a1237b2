package io.ductus.core.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AlertRuleTest {

    private static final AlertRule LAB_STALLS = new AlertRule("lab", Set.of("stalled"), List.of("lab-*"), Severity.CRITICAL,
            List.of("ops", "owner"), Duration.ofMinutes(1), Optional.empty(),
            Optional.of(new Policy.Escalation(Duration.ofHours(1), Severity.CRITICAL, List.of("owner"))));
    private static final AlertRule ANY_ERROR = new AlertRule("errors", Set.of("stalled", "error"), List.of(), Severity.WARNING,
            List.of("ops"), Duration.ZERO, Optional.empty(), Optional.empty());
    private static final AlertSettings SETTINGS = new AlertSettings(Optional.empty(), Map.of(), List.of(LAB_STALLS, ANY_ERROR),
            AlertSettings.DEFAULT_GROUP, AlertSettings.DEFAULT_SETTLE, Optional.empty(), AlertSettings.DEFAULT_CHECK_EVERY, 365);

    private static Observation seen(String iface, String state, String owner) {
        return new Observation(iface + "/out", Observation.Kind.DESTINATION, iface, state, "why", owner, false);
    }

    @Test
    void the_first_rule_naming_the_state_and_matching_the_interface_applies() {
        assertThat(SETTINGS.policyFor(seen("lab-results", "stalled", null)).map(Policy::rule)).contains("lab");
        assertThat(SETTINGS.policyFor(seen("adt", "stalled", null)).map(Policy::rule)).contains("errors");
        assertThat(SETTINGS.policyFor(seen("lab-results", "error", null)).map(Policy::rule)).contains("errors");
        assertThat(SETTINGS.policyFor(seen("lab-results", "behind", null))).isEmpty();
        assertThat(SETTINGS.policyFor(seen("lab-results", "ok", null))).isEmpty();
    }

    @Test
    void the_engine_is_covered_only_by_rules_for_every_interface() {
        Observation engine = new Observation("engine", Observation.Kind.ENGINE, null, "error", "database", null, false);
        assertThat(SETTINGS.policyFor(engine).map(Policy::rule)).contains("errors");
    }

    @Test
    void owner_becomes_the_owners_mail_and_is_left_out_without_an_address() {
        Policy withOwner = SETTINGS.policyFor(seen("lab-results", "stalled", "ana@example.org")).orElseThrow();
        assertThat(withOwner.recipients()).containsExactly("ops", "owner:ana@example.org");
        assertThat(withOwner.escalate().orElseThrow().recipients()).containsExactly("owner:ana@example.org");
        assertThat(SETTINGS.policyFor(seen("lab-results", "stalled", "the lab team")).orElseThrow().recipients()).containsExactly("ops");
        assertThat(SETTINGS.channel("owner:ana@example.org").orElseThrow().to()).containsExactly("ana@example.org");
    }

    @Test
    void globs_match_whole_names() {
        assertThat(AlertRule.glob("lab-*").matcher("lab-results").matches()).isTrue();
        assertThat(AlertRule.glob("lab-*").matcher("my-lab-results").matches()).isFalse();
        assertThat(AlertRule.glob("adt?").matcher("adt1").matches()).isTrue();
        assertThat(AlertRule.glob("a.b").matcher("axb").matches()).isFalse();
    }
}
