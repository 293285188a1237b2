package io.ductus.core.health;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * A destination's usual inflow and send time for each of the 168 hours of the week, learned from the
 * hours the engine watched: each hour watched for at least {@link #MIN_WATCHED_MINUTES} minutes moves its
 * value {@link #LEARN_RATE} of the way to what was seen (the first one sets it). Immutable.
 */
public final class Baseline {

    public static final int HOURS = 168;
    static final double MIN_WATCHED_MINUTES = 15;
    static final double LEARN_RATE = 0.3;
    public static final Baseline EMPTY = new Baseline(filled(), filled());

    private final double[] inPerMinute;
    private final double[] sendMillis;

    private Baseline(double[] inPerMinute, double[] sendMillis) {
        this.inPerMinute = inPerMinute;
        this.sendMillis = sendMillis;
    }

    /** What was seen during one hour: how long it was watched, what arrived, and the sends and their total time. */
    public record HourSample(double watchedMinutes, long received, long sends, long sendNanos) {
    }

    /** Monday 00:00–00:59 is 0, Sunday 23:00–23:59 is 167, in local time. */
    public static int hourOfWeek(Instant at, ZoneId zone) {
        ZonedDateTime local = at.atZone(zone);
        return (local.getDayOfWeek().getValue() - DayOfWeek.MONDAY.getValue()) * 24 + local.getHour();
    }

    /** The usual rates for the hour of the week {@code at} falls in; unknown parts are NaN. */
    public Rates normal(int hourOfWeek) {
        return new Rates(inPerMinute[hourOfWeek], Double.NaN, sendMillis[hourOfWeek]);
    }

    /** This baseline with one hour learned; unchanged when the hour was watched too briefly. */
    public Baseline learn(int hourOfWeek, HourSample sample) {
        if (sample.watchedMinutes() < MIN_WATCHED_MINUTES) return this;
        double[] in = inPerMinute.clone();
        double[] send = sendMillis.clone();
        in[hourOfWeek] = move(in[hourOfWeek], sample.received() / sample.watchedMinutes());
        if (sample.sends() > 0) send[hourOfWeek] = move(send[hourOfWeek], sample.sendNanos() / 1e6 / sample.sends());
        return new Baseline(in, send);
    }

    private static double move(double old, double seen) {
        return Double.isNaN(old) ? seen : old + LEARN_RATE * (seen - old);
    }

    /** As stored: the inflows, then {@code |}, then the send times, each 168 values separated by commas ({@code -} unknown). */
    public String toText() {
        return text(inPerMinute) + "|" + text(sendMillis);
    }

    /** Reads {@link #toText}; anything unreadable is an empty baseline (it is learned again). */
    public static Baseline fromText(String text) {
        if (text == null) return EMPTY;
        String[] halves = text.split("\\|", -1);
        if (halves.length != 2) return EMPTY;
        double[] in = values(halves[0]);
        double[] send = values(halves[1]);
        return in == null || send == null ? EMPTY : new Baseline(in, send);
    }

    private static String text(double[] values) {
        StringJoiner j = new StringJoiner(",");
        for (double v : values) j.add(Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v));
        return j.toString();
    }

    private static double[] values(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != HOURS) return null;
        double[] values = new double[HOURS];
        try {
            for (int i = 0; i < HOURS; i++) values[i] = parts[i].equals("-") ? Double.NaN : Double.parseDouble(parts[i]);
        } catch (NumberFormatException e) {
            return null;
        }
        return values;
    }

    private static double[] filled() {
        double[] values = new double[HOURS];
        Arrays.fill(values, Double.NaN);
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Baseline b && Arrays.equals(b.inPerMinute, inPerMinute) && Arrays.equals(b.sendMillis, sendMillis);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(inPerMinute) + Arrays.hashCode(sendMillis);
    }
}
