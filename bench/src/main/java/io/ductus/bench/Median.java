package io.ductus.bench;

import java.util.List;

/** The middle value of a benchmark's figures (the upper middle of an even count), NaN when there are none. */
final class Median {

    private Median() {
    }

    static double of(List<? extends Number> values) {
        if (values.isEmpty()) return Double.NaN;
        double[] sorted = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }
}
