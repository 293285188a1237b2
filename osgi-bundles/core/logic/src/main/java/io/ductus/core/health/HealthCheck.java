package io.ductus.core.health;

import io.ductus.core.health.Health.State;
import io.ductus.core.time.DurationWords;
import io.ductus.sdk.ConnectorStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Judges health from facts (ARCHITECTURE.md §9). A destination, worst first: stopped (its interface does
 * not run) &gt; paused &gt; stalled (messages wait over {@link #STALL_AFTER} and nothing finished for as
 * long) &gt; error (the connector reports trouble, or messages are quarantined) &gt; behind (past its
 * {@code behind} expectation) &gt; ok. An interface: stopped &gt; stalled (its intake: senders wait over
 * {@link #INTAKE_STALL_AFTER} for their acknowledgements) &gt; error (its source) &gt; silent (its
 * {@code active_within} or {@code active_by} expectation) &gt; ok, and shown with the worst of its
 * destinations.
 */
public final class HealthCheck {

    /** How long messages may wait with nothing finished before a destination counts as stalled. */
    public static final Duration STALL_AFTER = Duration.ofMinutes(1);
    /**
     * How long storing a message may take before the interface's intake counts as stalled: its senders wait for
     * their acknowledgements that long (many give up after 10 to 30 s and send it again).
     */
    public static final Duration INTAKE_STALL_AFTER = Duration.ofSeconds(2);
    /** A backlog younger than this gets no trend or causes: it is just traffic. */
    static final Duration BACKLOG_AFTER = Duration.ofMinutes(1);
    /** A burst: more than this many times the usual inflow, and at least {@link #BURST_MORE} per minute more. */
    static final double BURST_FACTOR = 2;
    static final double BURST_MORE = 5;
    /** A slow receiver: sends more than this many times slower than usual, and at least {@link #SLOW_MORE_MS} slower. */
    static final double SLOW_FACTOR = 2;
    static final double SLOW_MORE_MS = 5;
    private static final int LANES_NAMED = 3;

    private HealthCheck() {
    }

    public static DestinationHealth destination(DestinationFacts f, Instant now) {
        Duration oldest = f.oldestWaiting() == null || f.waiting() == 0 ? null : nonNegative(Duration.between(f.oldestWaiting(), now));
        boolean backlog = oldest != null && oldest.compareTo(BACKLOG_AFTER) > 0;
        List<Cause> causes = backlog ? causes(f) : List.of();
        Trend trend = backlog && f.recent().knowsFlow() ? trend(f.waiting(), f.recent()) : null;
        return new DestinationHealth(judge(f, oldest, causes, now), f.waiting(), oldest, trend, causes);
    }

    private static Health judge(DestinationFacts f, Duration oldest, List<Cause> causes, Instant now) {
        if (!f.interfaceRuns()) return new Health(State.STOPPED, "the interface does not run");
        if (f.paused()) return new Health(State.PAUSED, "paused by an operator; " + f.waiting() + " waiting");
        Optional<String> stalled = stalled(f, oldest, now);
        if (stalled.isPresent()) return new Health(State.STALLED, stalled.get() + because(causes));
        if (f.connector() != ConnectorStatus.OK) return new Health(State.ERROR, describe(f.connector(), f.connectorDetail()));
        if (f.quarantined() > 0) return new Health(State.ERROR, f.quarantined() + " message(s) quarantined");
        Optional<String> behind = f.behind().flatMap(b -> ExpectationCheck.behind(b, f.waiting(), oldest));
        if (behind.isPresent()) return new Health(State.BEHIND, behind.get() + because(causes));
        return Health.OK;
    }

    private static Optional<String> stalled(DestinationFacts f, Duration oldest, Instant now) {
        if (oldest == null || oldest.compareTo(STALL_AFTER) <= 0) return Optional.empty();
        Instant moved = f.lastFinished() == null || f.lastFinished().isBefore(f.watchedSince()) ? f.watchedSince() : f.lastFinished();
        Duration still = nonNegative(Duration.between(moved, now));
        if (still.compareTo(STALL_AFTER) <= 0) return Optional.empty();
        StringBuilder reason = new StringBuilder().append(f.waiting()).append(" waiting, the oldest for ")
                .append(DurationWords.of(oldest)).append("; nothing finished for ").append(DurationWords.of(still));
        if (f.lastError() != null && f.lastErrorAt() != null && !f.lastErrorAt().isBefore(moved)) {
            reason.append("; last error: ").append(f.lastError());
        }
        return Optional.of(reason.toString());
    }

    private static List<Cause> causes(DestinationFacts f) {
        List<Cause> causes = new ArrayList<>();
        List<LaneHead> failing = f.lanes().stream().filter(LaneHead::failing).toList();
        if (!failing.isEmpty() && failing.size() == f.lanes().size()) {
            LaneHead first = failing.get(0);
            causes.add(new Cause(Cause.Kind.RECEIVER_DOWN, (failing.size() == 1 ? "the one lane with messages waits"
                    : "all " + failing.size() + " lanes with messages wait") + " on a failing message: the receiver looks down"
                    + (first.lastError() == null ? "" : " (" + first.lastError() + ")"), first.lane(), first.key()));
        } else {
            for (LaneHead lane : failing.subList(0, Math.min(LANES_NAMED, failing.size()))) {
                causes.add(new Cause(Cause.Kind.BLOCKED_LANE, "lane " + lane.lane() + " waits on message " + lane.messageId()
                        + (lane.key() == null ? "" : " (key " + lane.key() + ")") + " after " + lane.attempts() + " failed attempt(s)"
                        + (lane.lastError() == null ? "" : ": " + lane.lastError()), lane.lane(), lane.key()));
            }
        }
        Rates now = f.recent();
        Rates usual = f.normal();
        if (!Double.isNaN(now.inPerMinute()) && !Double.isNaN(usual.inPerMinute())
                && now.inPerMinute() > BURST_FACTOR * usual.inPerMinute() && now.inPerMinute() - usual.inPerMinute() >= BURST_MORE) {
            causes.add(Cause.of(Cause.Kind.BURST, String.format(Locale.ROOT, "a burst: %.0f/min arriving against %.0f/min usual at this hour",
                    now.inPerMinute(), usual.inPerMinute())));
        }
        if (!Double.isNaN(now.sendMillis()) && !Double.isNaN(usual.sendMillis())
                && now.sendMillis() > SLOW_FACTOR * usual.sendMillis() && now.sendMillis() - usual.sendMillis() >= SLOW_MORE_MS) {
            causes.add(Cause.of(Cause.Kind.SLOW_RECEIVER, String.format(Locale.ROOT,
                    "a slow receiver: sends take %.0f ms against %.0f ms usual at this hour", now.sendMillis(), usual.sendMillis())));
        }
        return causes;
    }

    private static Trend trend(long waiting, Rates rates) {
        double gain = rates.outPerMinute() - rates.inPerMinute();
        if (gain <= 0) return new Trend(false, rates.inPerMinute(), rates.outPerMinute(), null);
        return new Trend(true, rates.inPerMinute(), rates.outPerMinute(), Duration.ofSeconds(Math.round(waiting / gain * 60)));
    }

    private static String because(List<Cause> causes) {
        return causes.isEmpty() ? "" : "; " + causes.get(0).detail();
    }

    /**
     * The interface's own health: whether it runs, what its source reports, whether its expectations hold.
     * Its destinations are judged apart ({@link #destination}) and joined by {@link #ofInterface}.
     */
    public static Health interfaceOwn(InterfaceFacts f, Instant now, ZoneId zone) {
        if (f.notRunningReason() != null) return new Health(State.STOPPED, f.notRunningReason());
        Optional<String> intake = intake(f.intakeLag());
        if (intake.isPresent()) return new Health(State.STALLED, intake.get());
        if (f.source() != null && f.source() != ConnectorStatus.OK) {
            return new Health(State.ERROR, "source: " + describe(f.source(), f.sourceDetail()));
        }
        return ExpectationCheck.silence(f.expectations(), f.lastReceived(), f.watchedSince(), now, zone)
                .map(reason -> new Health(State.SILENT, reason)).orElse(Health.OK);
    }

    /**
     * Why an intake counts as stalled, or empty: its senders wait longer than {@link #INTAKE_STALL_AFTER} for their
     * acknowledgements (what /ready and the interface's health say).
     */
    public static Optional<String> intake(Duration lag) {
        if (lag.compareTo(INTAKE_STALL_AFTER) <= 0) return Optional.empty();
        String took = lag.toSeconds() < 60 ? String.format(java.util.Locale.ROOT, "%.1f s", lag.toMillis() / 1000.0) : DurationWords.of(lag);
        return Optional.of("intake is slow: storing a message takes " + took + " (over "
                + DurationWords.of(INTAKE_STALL_AFTER) + "), so senders wait that long for their acknowledgements");
    }

    /** The interface as shown: its own health, else the worst of its destinations, named. */
    public static Health ofInterface(Health own, Map<String, Health> destinations) {
        Health worst = own;
        for (Map.Entry<String, Health> d : destinations.entrySet()) {
            if (d.getValue().worseThan(worst)) {
                worst = new Health(d.getValue().state(), "destination " + d.getKey() + ": " + d.getValue().reason());
            }
        }
        return worst;
    }

    private static String describe(ConnectorStatus status, String detail) {
        String label = status.name().toLowerCase(Locale.ROOT);
        return detail == null || detail.isBlank() ? "the connector reports " + label : "the connector reports " + label + ": " + detail;
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }
}
