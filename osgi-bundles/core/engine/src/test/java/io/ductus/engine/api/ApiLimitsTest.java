package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.connector.listener.Refusals;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How many requests of a kind the API answers at once: per caller (429 at once) and in all (503 after a wait). */
class ApiLimitsTest {

    private final Refusals refusals = new Refusals();
    private final ApiLimits limits = new ApiLimits(limits(new ApiLimits.Limit(2, 1, Duration.ofMillis(50))), refusals);
    private final Caller viewer = caller("user:viewer", "10.0.0.1");
    private final Caller other = caller("user:other", "10.0.0.2");
    private final Caller third = caller("user:third", "10.0.0.3");

    @Test
    void a_caller_past_their_share_gets_429_at_once_and_their_next_turn_once_one_ends() {
        ApiLimits.Permit first = limits.enter(Work.SCAN, viewer);
        assertThatThrownBy(() -> limits.enter(Work.SCAN, viewer)).isInstanceOfSatisfying(ApiProblem.class, p -> {
            assertThat(p.status()).isEqualTo(429);
            assertThat(p.response().headers()).containsEntry("Retry-After", "1");
        });
        assertThat(refusals.count("api", "per_caller")).isEqualTo(1);
        first.close();
        first.close(); // a second close gives nothing back twice
        limits.enter(Work.SCAN, viewer).close();
    }

    @Test
    void past_the_total_a_request_waits_for_its_turn_then_gets_503() {
        ApiLimits.Permit a = limits.enter(Work.SCAN, viewer);
        ApiLimits.Permit b = limits.enter(Work.SCAN, other);
        assertThatThrownBy(() -> limits.enter(Work.SCAN, third)).isInstanceOfSatisfying(ApiProblem.class, p -> {
            assertThat(p.status()).isEqualTo(503);
            assertThat(p.response().headers()).containsKey("Retry-After");
        });
        assertThat(refusals.count("api", "busy")).isEqualTo(1);
        b.close();
        ApiLimits.Permit c = limits.enter(Work.SCAN, third);
        // Kinds are counted apart: a page read still gets its turn while the searches run.
        limits.enter(Work.READ, other).close();
        a.close();
        c.close();
    }

    @Test
    void anonymous_callers_are_told_apart_by_address() {
        ApiLimits.Permit one = limits.enter(Work.SCAN, Caller.anonymous("10.0.0.7"));
        ApiLimits.Permit two = limits.enter(Work.SCAN, Caller.anonymous("10.0.0.8"));
        assertThatThrownBy(() -> limits.enter(Work.SCAN, Caller.anonymous("10.0.0.7")))
                .isInstanceOfSatisfying(ApiProblem.class, p -> assertThat(p.status()).isEqualTo(429));
        one.close();
        two.close();
    }

    @Test
    void the_defaults_let_one_text_search_run_per_two_cores() {
        ApiLimits defaults = ApiLimits.defaults(2, refusals);
        assertThat(defaults.limit(Work.SCAN).total()).isEqualTo(1);
        assertThat(defaults.limit(Work.SCAN).perCaller()).isEqualTo(2);
        assertThat(defaults.limit(Work.READ).total()).isEqualTo(2);
        assertThat(defaults.limit(Work.LIGHT).total()).isEqualTo(Integer.MAX_VALUE);
    }

    private static Map<Work, ApiLimits.Limit> limits(ApiLimits.Limit each) {
        Map<Work, ApiLimits.Limit> all = new EnumMap<>(Work.class);
        for (Work w : Work.values()) all.put(w, each);
        return all;
    }

    private static Caller caller(String actor, String address) {
        return new Caller(Caller.Via.TOKEN, actor, null, null, 1L, null, null, false, address);
    }
}
