package io.ductus.core.alert;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One target's alert as stored: one row per target, changed only through {@link AlertStep}. {@code rev}
 * counts the changes, so a write can be made conditional on the state it was decided from (two engines on
 * one database then record a change once).
 *
 * @param state          the state alerted on ({@code stalled}); null when OK
 * @param since          when the current bad spell began (holding); null when OK
 * @param firedAt        when it fired; null unless firing or recovering
 * @param lastNoticeAt   when its fired notice or last reminder was made; null before
 * @param escalatedAt    when it escalated by time; null before
 * @param acknowledgedAt when an operator acknowledged it; null when nobody did
 * @param goodSince      when it became good again (recovering); null otherwise
 * @param told           the channels its fired or escalated notices went to: the recovery goes to them
 * @param episode        counts the times it fired; notifications belong to one episode
 */
public record AlertState(String target, Status status, String state, String reason, Severity severity, String rule,
                         Instant since, Instant firedAt, Instant lastNoticeAt, Instant escalatedAt, Instant acknowledgedAt,
                         String acknowledgedBy, Instant goodSince, Set<String> told, int episode, long rev) {

    public enum Status {
        /** Nothing is wrong (or nothing with a rule). */
        OK,
        /** Bad, waiting for its rule's hold before anyone is told. */
        HOLDING,
        /** Told (or silenced). */
        FIRING,
        /** Good again, waiting to settle before it counts as recovered. */
        RECOVERING;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Status fromLabel(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    public AlertState {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(status, "status");
        told = java.util.Collections.unmodifiableSet(new TreeSet<>(told));
    }

    /** A target never alerted on. */
    public static AlertState ok(String target) {
        return new AlertState(target, Status.OK, null, null, null, null, null, null, null, null, null, null, null, Set.of(), 0, 0);
    }

    public boolean acknowledged() {
        return acknowledgedAt != null;
    }

    /** Firing or recovering: someone was (or would have been) told. */
    public boolean open() {
        return status == Status.FIRING || status == Status.RECOVERING;
    }

    AlertState withStatus(Status s) {
        return new AlertState(target, s, state, reason, severity, rule, since, firedAt, lastNoticeAt, escalatedAt,
                acknowledgedAt, acknowledgedBy, goodSince, told, episode, rev);
    }

    AlertState withState(String st, String why, Severity sev, String ruleName) {
        return new AlertState(target, status, st, why, sev, ruleName, since, firedAt, lastNoticeAt, escalatedAt,
                acknowledgedAt, acknowledgedBy, goodSince, told, episode, rev);
    }

    AlertState holding(Instant from) {
        return new AlertState(target, Status.HOLDING, state, reason, severity, rule, from, null, null, null, null, null, null,
                Set.of(), episode, rev);
    }

    AlertState fired(Instant at, Set<String> toldNow) {
        return new AlertState(target, Status.FIRING, state, reason, severity, rule, since, at, toldNow.isEmpty() ? null : at, null,
                null, null, null, toldNow, episode + 1, rev);
    }

    AlertState told(Instant at, Set<String> more) {
        Set<String> all = new TreeSet<>(told);
        all.addAll(more);
        return new AlertState(target, status, state, reason, severity, rule, since, firedAt, at, escalatedAt, acknowledgedAt,
                acknowledgedBy, goodSince, all, episode, rev);
    }

    AlertState escalated(Instant at, Severity sev, Set<String> more) {
        Set<String> all = new TreeSet<>(told);
        all.addAll(more);
        return new AlertState(target, status, state, reason, sev, rule, since, firedAt, at, at, acknowledgedAt, acknowledgedBy,
                goodSince, all, episode, rev);
    }

    AlertState acknowledgedBy(Instant at, String who) {
        return new AlertState(target, status, state, reason, severity, rule, since, firedAt, lastNoticeAt, escalatedAt, at, who,
                goodSince, told, episode, rev);
    }

    AlertState unacknowledged() {
        return new AlertState(target, status, state, reason, severity, rule, since, firedAt, lastNoticeAt, escalatedAt, null, null,
                goodSince, told, episode, rev);
    }

    AlertState recovering(Instant at) {
        return new AlertState(target, Status.RECOVERING, state, reason, severity, rule, since, firedAt, lastNoticeAt, escalatedAt,
                acknowledgedAt, acknowledgedBy, at, told, episode, rev);
    }

    AlertState reopened() {
        return new AlertState(target, Status.FIRING, state, reason, severity, rule, since, firedAt, lastNoticeAt, escalatedAt,
                acknowledgedAt, acknowledgedBy, null, told, episode, rev);
    }

    AlertState cleared() {
        return new AlertState(target, Status.OK, null, null, null, null, null, null, null, null, null, null, null, Set.of(),
                episode, rev);
    }
}
