package io.ductus.connector.listener;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HttpPathsTest {

    @ParameterizedTest
    @CsvSource(textBlock = """
            /adt,                /adt
            /adt/,               /adt/
            /adt/../admin,       /admin
            /adt/./17,           /adt/17
            //adt,               /adt
            /adt//17,            /adt/17
            /../../etc/passwd,   /etc/passwd
            /adt/17/..,          /adt/
            /,                   /
            '',                  /
            /a/b/../../..,       /
            """)
    void resolves_dot_segments_and_drops_empty_ones(String path, String normalized) {
        assertThat(HttpPaths.normalize(path)).isEqualTo(normalized);
    }
}
