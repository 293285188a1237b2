package io.ductus.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MomentTextTest {

    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(textBlock = """
            2026-12-01,                 UTC,           2026-12-01T00:00:00Z
            2026-12-01,                 Europe/Vienna, 2026-11-30T23:00:00Z
            2026-06-01,                 Europe/Vienna, 2026-05-31T22:00:00Z
            2026-12-01T08:00:00Z,       Europe/Vienna, 2026-12-01T08:00:00Z
            2026-12-01T08:00:00.250Z,   UTC,           2026-12-01T08:00:00.250Z
            2026-12-01T09:00+01:00,     UTC,           2026-12-01T08:00:00Z
            2026-12-01T09:30,           Europe/Vienna, 2026-12-01T08:30:00Z
            """)
    void reads_dates_and_instants(String text, String zone, String instant) {
        assertThat(MomentText.parse(text, ZoneId.of(zone))).isEqualTo(Instant.parse(instant));
    }

    @ParameterizedTest
    @ValueSource(strings = {"yesterday", "2026-13-01", "01.12.2026", "2026-12-01 08:00"})
    void anything_else_is_refused_naming_the_forms(String text) {
        assertThatThrownBy(() -> MomentText.parse(text, ZoneId.of("UTC"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2026-12-01").hasMessageContaining("'" + text + "'");
    }
}
