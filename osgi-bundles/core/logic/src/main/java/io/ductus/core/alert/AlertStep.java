package io.ductus.core.alert;

import io.ductus.core.alert.AlertState.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The state machine of one alert (seed 004's shaping), a pure function of the stored state, what is
 * observed now, the rule that applies and the time:
 *
 * <pre>
 * OK ──bad──► HOLDING ──hold over──► FIRING ──good──► RECOVERING ──settled──► OK (recovered)
 *   ◄─good before the hold is over─┘   │ ▲                  │
 *                                      │ └──bad again (reopened, nobody told twice)
 *                                      ├─ worse severity: escalated; by time: escalated once
 *                                      └─ every remind while unacknowledged: reminder
 * </pre>
 *
 * A bad state without a rule counts as good. A held observation (paused destination) changes nothing. While
 * silenced, state still changes but nobody is told; once the silence ends, a firing alert that told nobody
 * tells its recipients. The recovery goes only to channels that were told.
 */
public final class AlertStep {

    private AlertStep() {
    }

    /** What a step decided: the next state (the same object when nothing changed), history lines, notices. */
    public record Step(AlertState next, List<AlertChange> changes, List<Notice> notices) {
        public Step {
            changes = List.copyOf(changes);
            notices = List.copyOf(notices);
        }

        /** Whether the state must be written. */
        public boolean changed(AlertState before) {
            return next != before;
        }
    }

    /**
     * @param policy   the rule for the observed state, empty when it is good or no rule names it
     * @param settle   how long it must be good again before it counts as recovered
     * @param silenced whether an operator's silence covers the target now
     */
    public static Step step(AlertState s, Observation o, Optional<Policy> policy, Duration settle, boolean silenced, Instant now) {
        if (o.hold()) return same(s);
        boolean bad = !o.good() && policy.isPresent();
        return switch (s.status()) {
            case OK -> bad ? startHolding(s, o, policy.get(), silenced, now) : same(s);
            case HOLDING -> bad ? holding(s, o, policy.get(), silenced, now) : new Step(s.cleared(), List.of(), List.of());
            case FIRING -> bad ? firing(s, o, policy.get(), silenced, now) : stopsFiring(s, settle, now);
            case RECOVERING -> bad ? new Step(s.reopened().withState(o.state(), o.reason(), Severity.max(s.severity(),
                    policy.get().severity()), policy.get().rule()), List.of(new AlertChange("reopened", o.state() + " again before "
                    + "it settled: " + o.reason())), List.of()) : recovering(s, settle, now);
        };
    }

    /** An operator acknowledges an open alert: no more reminders or escalation by time for this episode. */
    public static Optional<Step> acknowledge(AlertState s, String who, String comment, Instant now) {
        if (!s.open() || s.acknowledged()) return Optional.empty();
        String detail = "by " + who + (comment == null || comment.isBlank() ? "" : ": " + comment.strip());
        return Optional.of(new Step(s.acknowledgedBy(now, who), List.of(new AlertChange("acknowledged", detail)), List.of()));
    }

    private static Step startHolding(AlertState s, Observation o, Policy p, boolean silenced, Instant now) {
        AlertState held = s.holding(now).withState(o.state(), o.reason(), p.severity(), p.rule());
        if (!p.hold().isPositive()) return fire(held, p, silenced, now);
        return new Step(held, List.of(), List.of());
    }

    private static Step holding(AlertState s, Observation o, Policy p, boolean silenced, Instant now) {
        AlertState held = o.state().equals(s.state()) ? s : s.withState(o.state(), o.reason(), p.severity(), p.rule());
        if (!Duration.between(s.since(), now).minus(p.hold()).isNegative()) {
            return fire(held.withState(o.state(), o.reason(), p.severity(), p.rule()), p, silenced, now);
        }
        return held == s ? same(s) : new Step(held, List.of(), List.of());
    }

    private static Step fire(AlertState s, Policy p, boolean silenced, Instant now) {
        Set<String> to = silenced ? Set.of() : new LinkedHashSet<>(p.recipients());
        AlertState fired = s.fired(now, to);
        String detail = s.state() + ": " + s.reason() + (silenced ? " (silenced: nobody told)" : to.isEmpty() ? " (no recipients)" : "");
        List<Notice> notices = to.isEmpty() ? List.of() : List.of(notice(Notice.Kind.FIRED, fired, to));
        return new Step(fired, List.of(new AlertChange("fired", detail)), notices);
    }

    private static Step firing(AlertState s, Observation o, Policy p, boolean silenced, Instant now) {
        List<AlertChange> changes = new ArrayList<>();
        List<Notice> notices = new ArrayList<>();
        AlertState next = s;
        if (p.severity().ordinal() > s.severity().ordinal()) {
            Set<String> to = silenced ? Set.of() : new LinkedHashSet<>(p.recipients());
            next = s.withState(o.state(), o.reason(), p.severity(), p.rule()).unacknowledged().told(now, to);
            changes.add(new AlertChange("escalated", "to " + p.severity().label() + ": " + o.state() + ": " + o.reason()));
            if (!to.isEmpty()) notices.add(notice(Notice.Kind.ESCALATED, next, to));
            return new Step(next, changes, notices);
        }
        if (!o.state().equals(s.state())) {
            next = s.withState(o.state(), o.reason(), s.severity(), p.rule());
            changes.add(new AlertChange("changed", "now " + o.state() + ": " + o.reason()));
        }
        if (silenced) return changes.isEmpty() ? same(s) : new Step(next, changes, notices);
        if (next.told().isEmpty() && !next.acknowledged() && !p.recipients().isEmpty()) {
            // Fired while silenced (or before it had recipients): tell them now.
            Set<String> to = new LinkedHashSet<>(p.recipients());
            next = next.told(now, to);
            changes.add(new AlertChange("notified", "the silence ended while it still fires"));
            notices.add(notice(Notice.Kind.FIRED, next, to));
            return new Step(next, changes, notices);
        }
        if (next.acknowledged()) return changes.isEmpty() ? same(s) : new Step(next, changes, notices);
        if (p.escalate().isPresent() && next.escalatedAt() == null && next.firedAt() != null
                && !Duration.between(next.firedAt(), now).minus(p.escalate().get().after()).isNegative()) {
            Policy.Escalation e = p.escalate().get();
            Set<String> to = new LinkedHashSet<>(e.recipients().isEmpty() ? p.recipients() : e.recipients());
            next = next.escalated(now, Severity.max(e.severity(), next.severity()), to);
            changes.add(new AlertChange("escalated", "unacknowledged for " + io.ductus.core.time.DurationWords.of(e.after())
                    + ": now " + next.severity().label()));
            notices.add(notice(Notice.Kind.ESCALATED, next, to));
        } else if (p.remind().isPresent() && next.lastNoticeAt() != null
                && !Duration.between(next.lastNoticeAt(), now).minus(p.remind().get()).isNegative()) {
            next = next.told(now, Set.of());
            changes.add(new AlertChange("reminded", "still " + o.state() + ": " + o.reason()));
            notices.add(notice(Notice.Kind.REMINDER, next.withState(next.state(), o.reason(), next.severity(), next.rule()), next.told()));
        }
        return changes.isEmpty() ? same(s) : new Step(next, changes, notices);
    }

    private static Step stopsFiring(AlertState s, Duration settle, Instant now) {
        AlertState recovering = s.recovering(now);
        if (!settle.isPositive()) return recovered(recovering);
        return new Step(recovering, List.of(), List.of());
    }

    private static Step recovering(AlertState s, Duration settle, Instant now) {
        if (Duration.between(s.goodSince(), now).minus(settle).isNegative()) return same(s);
        return recovered(s);
    }

    private static Step recovered(AlertState s) {
        List<Notice> notices = s.told().isEmpty() ? List.of() : List.of(notice(Notice.Kind.RECOVERED, s, s.told()));
        return new Step(s.cleared(), List.of(new AlertChange("recovered", s.state() + " is over")), notices);
    }

    private static Notice notice(Notice.Kind kind, AlertState s, Set<String> to) {
        return new Notice(kind, s.target(), s.severity(), s.state(), s.reason(), List.copyOf(to));
    }

    private static Step same(AlertState s) {
        return new Step(s, List.of(), List.of());
    }
}
