package io.ductus.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.health.Cause.Kind;
import io.ductus.core.health.Health.State;
import io.ductus.sdk.ConnectorStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HealthCheckTest {

    /** The test clock: every fact is placed relative to this moment. */
    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");
    private static final Instant WATCHED = NOW.minus(Duration.ofHours(1));

    /** A destination that is fine: nothing waits, something was sent a moment ago. */
    private static DestinationFacts fine() {
        return new DestinationFacts(true, false, ConnectorStatus.OK, null, 0, null, 0, NOW.minusSeconds(5), null, null, WATCHED,
                Rates.UNKNOWN, Rates.UNKNOWN, List.of(), Optional.empty());
    }

    private static DestinationFacts waiting(long n, Duration oldest, Duration sinceFinished) {
        DestinationFacts f = fine();
        return new DestinationFacts(f.interfaceRuns(), f.paused(), f.connector(), null, n, NOW.minus(oldest), 0,
                NOW.minus(sinceFinished), null, null, WATCHED, f.recent(), f.normal(), List.of(), Optional.empty());
    }

    @ParameterizedTest(name = "runs={0} paused={1} waiting={2} oldest={3}s finished={4}s ago connector={5} quarantined={6} behindAt={7} -> {8}")
    @CsvSource(textBlock = """
            # runs, paused, waiting, oldest s, finished s ago, connector, quarantined, behind at, state
              false, true,  10,      600,      600,            FAILED,    5,           1,         STOPPED
              true,  true,  10,      600,      600,            FAILED,    5,           1,         PAUSED
              true,  false, 10,      600,      600,            FAILED,    5,           1,         STALLED
              true,  false, 10,      600,      30,             FAILED,    5,           1,         ERROR
              true,  false, 10,      30,       600,            OK,        5,           1,         ERROR
              true,  false, 10,      61,       61,             OK,        0,           1,         STALLED
              true,  false, 10,      60,       600,            OK,        0,           1,         BEHIND
              true,  false, 10,      600,      60,             OK,        0,           1,         BEHIND
              true,  false, 10,      600,      60,             OK,        0,           11,        OK
              true,  false, 0,       0,        600,            OK,        0,           1,         OK
            """)
    void every_destination_state_and_which_wins(boolean runs, boolean paused, long waiting, long oldest, long finished,
                                                ConnectorStatus connector, long quarantined, long behindAt, State state) {
        DestinationFacts f = new DestinationFacts(runs, paused, connector, "peer refuses connections", waiting,
                waiting == 0 ? null : NOW.minusSeconds(oldest), quarantined, NOW.minusSeconds(finished), null, null, WATCHED,
                Rates.UNKNOWN, Rates.UNKNOWN, List.of(),
                Optional.of(new Expectations.Behind(OptionalLong.of(behindAt), Optional.empty())));
        assertThat(HealthCheck.destination(f, NOW).health().state()).isEqualTo(state);
    }

    @Test
    void a_stall_says_how_long_and_the_error_since() {
        DestinationFacts f = waiting(12, Duration.ofMinutes(5), Duration.ofMinutes(4));
        f = new DestinationFacts(true, false, ConnectorStatus.DEGRADED, "down", 12, f.oldestWaiting(), 0, f.lastFinished(),
                NOW.minusSeconds(10), "connection refused", WATCHED, Rates.UNKNOWN, Rates.UNKNOWN, List.of(), Optional.empty());
        assertThat(HealthCheck.destination(f, NOW).health()).isEqualTo(new Health(State.STALLED,
                "12 waiting, the oldest for 5 min; nothing finished for 4 min; last error: connection refused"));
    }

    @Test
    void a_fresh_engine_counts_a_stall_from_when_it_began_watching() {
        DestinationFacts f = new DestinationFacts(true, false, ConnectorStatus.OK, null, 3, NOW.minus(Duration.ofHours(5)), 0,
                NOW.minus(Duration.ofHours(5)), null, null, NOW.minusSeconds(30), Rates.UNKNOWN, Rates.UNKNOWN, List.of(),
                Optional.empty());
        assertThat(HealthCheck.destination(f, NOW).health()).isEqualTo(Health.OK);
    }

    @Test
    void a_backlog_shrinking_at_these_rates_has_an_eta() {
        DestinationFacts base = waiting(600, Duration.ofMinutes(3), Duration.ofSeconds(1));
        DestinationFacts f = new DestinationFacts(true, false, ConnectorStatus.OK, null, 600, base.oldestWaiting(), 0,
                base.lastFinished(), null, null, WATCHED, new Rates(100, 400, 3), Rates.UNKNOWN, List.of(), Optional.empty());
        DestinationHealth h = HealthCheck.destination(f, NOW);
        assertThat(h.trend()).isEqualTo(new Trend(true, 100, 400, Duration.ofMinutes(2)));
        assertThat(h.oldestWaiting()).isEqualTo(Duration.ofMinutes(3));
    }

    @Test
    void a_growing_backlog_has_no_eta_and_a_young_one_no_trend() {
        DestinationFacts old = waiting(600, Duration.ofMinutes(3), Duration.ofSeconds(1));
        DestinationFacts growing = new DestinationFacts(true, false, ConnectorStatus.OK, null, 600, old.oldestWaiting(), 0,
                old.lastFinished(), null, null, WATCHED, new Rates(400, 100, 3), Rates.UNKNOWN, List.of(), Optional.empty());
        assertThat(HealthCheck.destination(growing, NOW).trend()).isEqualTo(new Trend(false, 400, 100, null));
        DestinationFacts young = new DestinationFacts(true, false, ConnectorStatus.OK, null, 600, NOW.minusSeconds(20), 0,
                old.lastFinished(), null, null, WATCHED, new Rates(400, 100, 3), Rates.UNKNOWN, List.of(), Optional.empty());
        assertThat(HealthCheck.destination(young, NOW).trend()).isNull();
    }

    @Test
    void causes_burst_and_slow_receiver_against_the_usual_for_this_hour() {
        DestinationFacts base = waiting(600, Duration.ofMinutes(3), Duration.ofSeconds(1));
        DestinationFacts f = new DestinationFacts(true, false, ConnectorStatus.OK, null, 600, base.oldestWaiting(), 0,
                base.lastFinished(), null, null, WATCHED, new Rates(30, 10, 40), new Rates(10, Double.NaN, 12), List.of(),
                Optional.of(new Expectations.Behind(OptionalLong.of(100), Optional.empty())));
        DestinationHealth h = HealthCheck.destination(f, NOW);
        assertThat(h.causes()).extracting(Cause::kind).containsExactly(Kind.BURST, Kind.SLOW_RECEIVER);
        assertThat(h.health().state()).isEqualTo(State.BEHIND);
        assertThat(h.health().reason()).isEqualTo("600 waiting (behind from 100); a burst: 30/min arriving against 10/min usual at this hour");
    }

    @Test
    void small_differences_are_not_a_burst_or_a_slow_receiver() {
        DestinationFacts base = waiting(600, Duration.ofMinutes(3), Duration.ofSeconds(1));
        DestinationFacts f = new DestinationFacts(true, false, ConnectorStatus.OK, null, 600, base.oldestWaiting(), 0,
                base.lastFinished(), null, null, WATCHED, new Rates(6, 10, 4), new Rates(2, Double.NaN, 1), List.of(), Optional.empty());
        assertThat(HealthCheck.destination(f, NOW).causes()).isEmpty();
    }

    @Test
    void blocked_lanes_are_named_and_all_blocked_means_the_receiver_looks_down() {
        DestinationFacts base = waiting(50, Duration.ofMinutes(3), Duration.ofSeconds(1));
        LaneHead blocked = new LaneHead(3, 41, "MRN-7", 6, "AR: unknown patient", NOW.minusSeconds(200).toEpochMilli());
        LaneHead moving = new LaneHead(4, 42, "MRN-8", 0, null, NOW.minusSeconds(20).toEpochMilli());
        DestinationFacts one = new DestinationFacts(true, false, ConnectorStatus.OK, null, 50, base.oldestWaiting(), 0,
                base.lastFinished(), null, null, WATCHED, Rates.UNKNOWN, Rates.UNKNOWN, List.of(blocked, moving), Optional.empty());
        assertThat(HealthCheck.destination(one, NOW).causes()).containsExactly(new Cause(Kind.BLOCKED_LANE,
                "lane 3 waits on message 41 (key MRN-7) after 6 failed attempt(s): AR: unknown patient", 3, "MRN-7"));
        DestinationFacts all = new DestinationFacts(true, false, ConnectorStatus.OK, null, 50, base.oldestWaiting(), 0,
                base.lastFinished(), null, null, WATCHED, Rates.UNKNOWN, Rates.UNKNOWN, List.of(blocked), Optional.empty());
        assertThat(HealthCheck.destination(all, NOW).causes()).extracting(Cause::kind).containsExactly(Kind.RECEIVER_DOWN);
    }

    @Test
    void an_interface_is_stopped_then_failing_at_its_source_then_silent() {
        Expectations every10 = new Expectations(Optional.of(new Expectations.ActiveWithin(Duration.ofMinutes(10), Optional.empty())),
                Optional.empty(), Optional.empty());
        InterfaceFacts stopped = new InterfaceFacts("stopped: runaway code", ConnectorStatus.FAILED, "port taken", null, WATCHED, every10);
        assertThat(HealthCheck.interfaceOwn(stopped, NOW, ZoneOffset.UTC)).isEqualTo(new Health(State.STOPPED, "stopped: runaway code"));
        InterfaceFacts failing = new InterfaceFacts(null, ConnectorStatus.FAILED, "port 6661 is taken", null, WATCHED, every10);
        assertThat(HealthCheck.interfaceOwn(failing, NOW, ZoneOffset.UTC))
                .isEqualTo(new Health(State.ERROR, "source: the connector reports failed: port 6661 is taken"));
        InterfaceFacts silent = new InterfaceFacts(null, ConnectorStatus.OK, null, NOW.minus(Duration.ofMinutes(25)), WATCHED, every10);
        assertThat(HealthCheck.interfaceOwn(silent, NOW, ZoneOffset.UTC)).isEqualTo(new Health(State.SILENT,
                "no message for 25 min (expected at least every 10 min)"));
        InterfaceFacts closed = new InterfaceFacts(null, null, null, NOW.minusSeconds(30), WATCHED, every10);
        assertThat(HealthCheck.interfaceOwn(closed, NOW, ZoneOffset.UTC)).isEqualTo(Health.OK);
    }

    @Test
    void an_interface_whose_senders_wait_over_two_seconds_for_intake_is_stalled_before_anything_else_but_stopped() {
        Expectations none = new Expectations(Optional.empty(), Optional.empty(), Optional.empty());
        InterfaceFacts slow = new InterfaceFacts(null, ConnectorStatus.FAILED, "port taken", NOW, WATCHED, none, Duration.ofMillis(2_500));
        assertThat(HealthCheck.interfaceOwn(slow, NOW, ZoneOffset.UTC)).isEqualTo(new Health(State.STALLED,
                "intake is slow: storing a message takes 2.5 s (over 2 s), so senders wait that long for their acknowledgements"));
        InterfaceFacts quick = new InterfaceFacts(null, ConnectorStatus.OK, null, NOW, WATCHED, none, HealthCheck.INTAKE_STALL_AFTER);
        assertThat(HealthCheck.interfaceOwn(quick, NOW, ZoneOffset.UTC)).isEqualTo(Health.OK);
        assertThat(HealthCheck.intake(Duration.ofSeconds(3))).isPresent();
        InterfaceFacts stopped = new InterfaceFacts("stopped by an operator", null, null, NOW, WATCHED, none, Duration.ofSeconds(9));
        assertThat(HealthCheck.interfaceOwn(stopped, NOW, ZoneOffset.UTC).state()).isEqualTo(State.STOPPED);
    }

    @Test
    void an_interface_shows_its_worst_destination_named() {
        Map<String, Health> destinations = new LinkedHashMap<>();
        destinations.put("archive", new Health(State.ERROR, "2 message(s) quarantined"));
        destinations.put("lab", new Health(State.STALLED, "5 waiting"));
        destinations.put("billing", Health.OK);
        assertThat(HealthCheck.ofInterface(new Health(State.SILENT, "nothing"), destinations))
                .isEqualTo(new Health(State.STALLED, "destination lab: 5 waiting"));
        assertThat(HealthCheck.ofInterface(new Health(State.STOPPED, "engine stopped"), destinations))
                .isEqualTo(new Health(State.STOPPED, "engine stopped"));
    }

    @Test
    void states_are_ordered_worst_first_and_read_back_from_their_labels() {
        assertThat(State.labels()).containsExactly("stopped", "paused", "stalled", "error", "silent", "behind", "ok");
        assertThat(State.fromLabel("behind")).contains(State.BEHIND);
        assertThat(State.fromLabel("fine")).isEmpty();
    }
}
