package io.ductus.core.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.time.DaySet;
import io.ductus.core.time.LocalWindow;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NoticeTimingTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");
    private static final Duration GROUP = Duration.ofSeconds(30);
    private static final Optional<QuietHours> NIGHTS = Optional.of(new QuietHours(LocalWindow.parse("22:00-07:00", DaySet.EVERY_DAY),
            Set.of(Severity.CRITICAL)));

    private static Instant at(String local) {
        return LocalDateTime.parse(local).atZone(ZONE).toInstant();
    }

    @Test
    void the_first_notice_opens_a_group_and_later_ones_join_it() {
        Instant first = NoticeTiming.due(at("2026-12-07T10:00:00"), Severity.WARNING, NIGHTS, ZONE, GROUP, Optional.empty());
        assertThat(first).isEqualTo(at("2026-12-07T10:00:30"));
        assertThat(NoticeTiming.due(at("2026-12-07T10:00:20"), Severity.WARNING, NIGHTS, ZONE, GROUP, Optional.of(first)))
                .isEqualTo(first);
    }

    @Test
    void quiet_hours_hold_what_they_do_not_allow_until_they_end() {
        assertThat(NoticeTiming.due(at("2026-12-07T23:15:00"), Severity.WARNING, NIGHTS, ZONE, GROUP, Optional.empty()))
                .isEqualTo(at("2026-12-08T07:00:30"));
        assertThat(NoticeTiming.due(at("2026-12-07T23:15:00"), Severity.CRITICAL, NIGHTS, ZONE, GROUP, Optional.empty()))
                .isEqualTo(at("2026-12-07T23:15:30"));
    }

    @Test
    void a_group_due_inside_quiet_hours_is_not_joined_by_what_must_wait() {
        Instant criticalGroup = at("2026-12-07T23:15:30");
        assertThat(NoticeTiming.due(at("2026-12-07T23:15:10"), Severity.WARNING, NIGHTS, ZONE, GROUP, Optional.of(criticalGroup)))
                .isEqualTo(at("2026-12-08T07:00:30"));
    }

    @Test
    void without_a_group_wait_a_notice_is_due_at_once() {
        assertThat(NoticeTiming.due(at("2026-12-07T10:00:00"), Severity.INFO, Optional.empty(), ZONE, Duration.ZERO, Optional.empty()))
                .isEqualTo(at("2026-12-07T10:00:00"));
    }
}
