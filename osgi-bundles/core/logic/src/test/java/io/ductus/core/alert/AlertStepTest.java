package io.ductus.core.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.alert.AlertState.Status;
import io.ductus.core.alert.AlertStep.Step;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every state and transition of one alert, driven round by round under a test clock: the alert is stepped
 * as the judging round would step it, and each round's notices and history are checked.
 */
class AlertStepTest {

    private static final Duration SETTLE = Duration.ofMinutes(2);
    private static final Policy STALLED = new Policy("feeds", Severity.WARNING, List.of("ops"), Duration.ofMinutes(1),
            Optional.of(Duration.ofMinutes(30)), Optional.of(new Policy.Escalation(Duration.ofMinutes(45), Severity.CRITICAL,
            List.of("manager"))));
    private static final Policy STOPPED = new Policy("stops", Severity.CRITICAL, List.of("ops", "pager"), Duration.ZERO,
            Optional.empty(), Optional.empty());

    private Instant now;
    private AlertState alert;

    @BeforeEach
    void start() {
        now = Instant.parse("2026-12-07T10:00:00Z");
        alert = AlertState.ok("adt/lab");
    }

    private Step round(String state, Policy policy) {
        return round(state, policy, false);
    }

    private Step round(String state, Policy policy, boolean silenced) {
        Observation o = new Observation("adt/lab", Observation.Kind.DESTINATION, "adt", state,
                state.equals("ok") ? null : state + " for a while", null, false);
        Step step = AlertStep.step(alert, o, state.equals("ok") ? Optional.empty() : Optional.ofNullable(policy), SETTLE, silenced, now);
        alert = step.next();
        return step;
    }

    private void after(Duration d) {
        now = now.plus(d);
    }

    @Test
    void a_good_target_stays_ok_and_writes_nothing() {
        AlertState before = alert;
        Step step = round("ok", null);
        assertThat(step.changed(before)).isFalse();
        assertThat(step.notices()).isEmpty();
    }

    @Test
    void a_bad_state_without_a_rule_counts_as_good() {
        AlertState before = alert;
        assertThat(round("behind", null).changed(before)).isFalse();
        assertThat(alert.status()).isEqualTo(Status.OK);
    }

    @Test
    void it_holds_then_fires_once_then_reminds_then_escalates_then_recovers_once() {
        assertThat(round("stalled", STALLED).notices()).isEmpty();
        assertThat(alert.status()).isEqualTo(Status.HOLDING);
        after(Duration.ofSeconds(30));
        assertThat(round("stalled", STALLED).notices()).isEmpty();

        after(Duration.ofSeconds(30));
        Step fired = round("stalled", STALLED);
        assertThat(fired.notices()).containsExactly(new Notice(Notice.Kind.FIRED, "adt/lab", Severity.WARNING, "stalled",
                "stalled for a while", List.of("ops")));
        assertThat(fired.changes()).extracting(AlertChange::what).containsExactly("fired");
        assertThat(alert.status()).isEqualTo(Status.FIRING);
        assertThat(alert.episode()).isEqualTo(1);

        after(Duration.ofMinutes(29));
        AlertState before = alert;
        assertThat(round("stalled", STALLED).changed(before)).as("nothing to do within the reminder interval").isFalse();
        after(Duration.ofMinutes(1));
        Step reminder = round("stalled", STALLED);
        assertThat(reminder.notices()).extracting(Notice::kind, Notice::channels)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Notice.Kind.REMINDER, List.of("ops")));

        after(Duration.ofMinutes(15));
        Step escalated = round("stalled", STALLED);
        assertThat(escalated.notices()).extracting(Notice::kind, Notice::severity, Notice::channels)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Notice.Kind.ESCALATED, Severity.CRITICAL, List.of("manager")));
        assertThat(alert.severity()).isEqualTo(Severity.CRITICAL);
        after(Duration.ofMinutes(5));
        assertThat(round("stalled", STALLED).notices()).as("escalates once").isEmpty();

        assertThat(round("ok", null).notices()).isEmpty();
        assertThat(alert.status()).isEqualTo(Status.RECOVERING);
        after(Duration.ofMinutes(2));
        Step recovered = round("ok", null);
        assertThat(recovered.notices()).containsExactly(new Notice(Notice.Kind.RECOVERED, "adt/lab", Severity.CRITICAL, "stalled",
                "stalled for a while", List.of("manager", "ops")));
        assertThat(alert.status()).isEqualTo(Status.OK);
        after(Duration.ofMinutes(2));
        assertThat(round("ok", null).notices()).as("recovers once").isEmpty();
    }

    @Test
    void good_again_before_the_hold_is_over_tells_nobody() {
        round("stalled", STALLED);
        after(Duration.ofSeconds(59));
        Step step = round("ok", null);
        assertThat(step.notices()).isEmpty();
        assertThat(step.changes()).isEmpty();
        assertThat(alert.status()).isEqualTo(Status.OK);
    }

    @Test
    void without_a_hold_it_fires_at_once() {
        Step step = round("stopped", STOPPED);
        assertThat(step.notices()).extracting(Notice::channels).containsExactly(List.of("ops", "pager"));
        assertThat(alert.status()).isEqualTo(Status.FIRING);
    }

    @Test
    void bad_again_before_it_settles_reopens_without_telling_anyone_twice() {
        round("stopped", STOPPED);
        round("ok", null);
        after(Duration.ofMinutes(1));
        Step reopened = round("stopped", STOPPED);
        assertThat(reopened.notices()).isEmpty();
        assertThat(reopened.changes()).extracting(AlertChange::what).containsExactly("reopened");
        assertThat(alert.status()).isEqualTo(Status.FIRING);
        after(Duration.ofMinutes(1));
        round("ok", null);
        after(Duration.ofMinutes(1));
        assertThat(round("ok", null).notices()).isEmpty();
        after(Duration.ofMinutes(1));
        assertThat(round("ok", null).notices()).extracting(Notice::kind).containsExactly(Notice.Kind.RECOVERED);
    }

    @Test
    void a_worse_severity_escalates_and_a_milder_state_changes_quietly() {
        after(Duration.ofMinutes(1));
        round("stalled", STALLED.withHold(Duration.ZERO));
        Step worse = round("stopped", STOPPED);
        assertThat(worse.notices()).extracting(Notice::kind, Notice::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Notice.Kind.ESCALATED, Severity.CRITICAL));
        Step milder = round("stalled", STALLED);
        assertThat(milder.notices()).isEmpty();
        assertThat(milder.changes()).extracting(AlertChange::what).containsExactly("changed");
        assertThat(alert.severity()).as("the severity of a spell never goes down").isEqualTo(Severity.CRITICAL);
        assertThat(alert.state()).isEqualTo("stalled");
    }

    @Test
    void acknowledged_alerts_neither_remind_nor_escalate_but_still_recover() {
        round("stalled", STALLED.withHold(Duration.ZERO));
        Step ack = AlertStep.acknowledge(alert, "user:ana", "on it", now).orElseThrow();
        assertThat(ack.changes()).containsExactly(new AlertChange("acknowledged", "by user:ana: on it"));
        alert = ack.next();
        assertThat(AlertStep.acknowledge(alert, "user:bo", null, now)).as("once").isEmpty();
        after(Duration.ofHours(2));
        assertThat(round("stalled", STALLED).notices()).isEmpty();
        round("ok", null);
        after(SETTLE);
        assertThat(round("ok", null).notices()).extracting(Notice::kind).containsExactly(Notice.Kind.RECOVERED);
        assertThat(AlertStep.acknowledge(alert, "user:ana", null, now)).as("nothing open to acknowledge").isEmpty();
    }

    @Test
    void a_silenced_alert_tells_nobody_and_tells_when_the_silence_ends_while_it_fires() {
        Step silenced = round("stopped", STOPPED, true);
        assertThat(silenced.notices()).isEmpty();
        assertThat(silenced.changes().get(0).detail()).contains("silenced: nobody told");
        assertThat(alert.status()).isEqualTo(Status.FIRING);
        after(Duration.ofMinutes(10));
        assertThat(round("stopped", STOPPED, true).notices()).isEmpty();
        Step unsilenced = round("stopped", STOPPED, false);
        assertThat(unsilenced.notices()).extracting(Notice::kind).containsExactly(Notice.Kind.FIRED);
    }

    @Test
    void a_silenced_alert_that_recovers_sends_no_recovery() {
        round("stopped", STOPPED, true);
        round("ok", null, true);
        after(SETTLE);
        assertThat(round("ok", null, true).notices()).isEmpty();
        assertThat(alert.status()).isEqualTo(Status.OK);
    }

    @Test
    void a_held_observation_changes_nothing() {
        round("stopped", STOPPED);
        AlertState before = alert;
        Observation paused = new Observation("adt/lab", Observation.Kind.DESTINATION, "adt", "paused", "paused", null, true);
        after(Duration.ofHours(3));
        assertThat(AlertStep.step(alert, paused, Optional.empty(), SETTLE, false, now).changed(before)).isFalse();
    }

    @Test
    void each_firing_is_a_new_episode() {
        round("stopped", STOPPED);
        round("ok", null);
        after(SETTLE);
        round("ok", null);
        after(Duration.ofMinutes(1));
        round("stopped", STOPPED);
        assertThat(alert.episode()).isEqualTo(2);
    }
}
