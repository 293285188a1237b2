package io.ductus.core.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DestinationTransformTest {

    /** written: the transform: key (- when absent); exports: the code's functions (- without code); runs: - for unchanged. */
    @ParameterizedTest(name = "transform: {0}, code exports {1} → {2}")
    @CsvSource(delimiter = ';', textBlock = """
            -;           -;                  -
            -;           '';                 -
            -;           toLab;              -
            -;           transform;          transform
            -;           transform toLab;    transform
            none;        transform;          -
            none;        -;                  -
            toLab;       transform toLab;    toLab
            """)
    void one_rule_says_what_a_destination_runs(String written, String exports, String runs) {
        DestinationTransform transform = written.equals("-") ? DestinationTransform.DEFAULT : DestinationTransform.of(written);
        assertThat(transform.toRun(exported(exports))).isEqualTo(runs.equals("-") ? Optional.empty() : Optional.of(runs));
    }

    @ParameterizedTest(name = "transform: {0}, code exports {1}: problem {2}")
    @CsvSource(delimiter = ';', textBlock = """
            -;      -;          false
            none;   -;          false
            toLab;  -;          true
            toLab;  transform;  true
            toLab;  toLab;      false
            """)
    void only_a_named_function_the_code_lacks_is_a_problem(String written, String exports, boolean problem) {
        DestinationTransform transform = written.equals("-") ? DestinationTransform.DEFAULT : DestinationTransform.of(written);
        assertThat(transform.problem(exported(exports)).isPresent()).isEqualTo(problem);
    }

    private static Optional<Set<String>> exported(String exports) {
        if (exports.equals("-")) return Optional.empty();
        return Optional.of(exports.isBlank() ? Set.of() : Set.copyOf(Arrays.asList(exports.split(" "))));
    }
}
