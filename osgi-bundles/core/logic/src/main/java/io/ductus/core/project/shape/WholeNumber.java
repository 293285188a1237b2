package io.ductus.core.project.shape;

/** A whole number between {@code min} and {@code max}, both included. */
public record WholeNumber(long min, long max) implements Shape {

    public WholeNumber {
        if (min > max) throw new IllegalArgumentException("min " + min + " > max " + max);
    }

    public static WholeNumber atLeast(long min) {
        return new WholeNumber(min, Long.MAX_VALUE);
    }

    @Override
    public String expected() {
        return max == Long.MAX_VALUE ? "a whole number ≥ " + min : "a whole number from " + min + " to " + max;
    }
}
