package io.ductus.core.health;

/**
 * How a destination moves: messages arriving for it and finished by it per minute, and the mean time of a
 * send in milliseconds ({@link Double#NaN} when nothing was sent or nothing is known).
 */
public record Rates(double inPerMinute, double outPerMinute, double sendMillis) {

    public static final Rates UNKNOWN = new Rates(Double.NaN, Double.NaN, Double.NaN);

    public boolean knowsFlow() {
        return !Double.isNaN(inPerMinute) && !Double.isNaN(outPerMinute);
    }
}
