package io.ductus.core.lane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LanesTest {

    /** Published FNV-1a 32-bit test vectors; a change here would move every stored delivery to another lane. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ''       | 811c9dc5
            a        | e40c292c
            foobar   | bf9cf968
            """)
    void fnv1a_32_matches_the_published_vectors(String input, String hex) {
        assertThat(Fnv1a.hash32(input.getBytes(StandardCharsets.UTF_8))).isEqualTo(Integer.parseUnsignedInt(hex, 16));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            a        | 8    | 4
            a        | 1    | 0
            foobar   | 8    | 0
            foobar   | 1024 | 360
            2216506  | 8    | 7
            PATID1234| 1000 | 983
            """)
    void lane_is_the_unsigned_hash_modulo_the_partitions(String key, int partitions, int lane) {
        long unsigned = Integer.toUnsignedLong(Fnv1a.hash32(key.getBytes(StandardCharsets.UTF_8)));
        assertThat(Lanes.laneOf(key, partitions)).isEqualTo(lane).isEqualTo((int) (unsigned % partitions));
    }

    @Test
    void a_key_that_is_not_ascii_hashes_its_utf8_bytes() {
        int expected = (int) (Integer.toUnsignedLong(Fnv1a.hash32("Müller".getBytes(StandardCharsets.UTF_8))) % 16);
        assertThat(Lanes.laneOf("Müller", 16)).isEqualTo(expected);
    }

    @Test
    void a_missing_or_empty_key_goes_to_lane_zero() {
        assertThat(Lanes.laneOf(null, 8)).isZero();
        assertThat(Lanes.laneOf("", 8)).isZero();
    }

    @Test
    void lanes_always_fall_inside_the_partitions() {
        for (int i = 0; i < 10_000; i++) assertThat(Lanes.laneOf("MRN" + i, 7)).isBetween(0, 6);
    }

    @Test
    void refuses_zero_partitions() {
        assertThatThrownBy(() -> Lanes.laneOf("a", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
