package io.ductus.engine.health;

import io.ductus.core.health.Baseline;
import io.ductus.core.health.Rates;
import io.ductus.store.DestinationRef;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rates of the last minutes and the usual ones for each hour of the week, per destination. Sampled every
 * {@link #SAMPLE_MS} from the in-memory counts: a window of {@link #WINDOW_MS} of samples gives the recent
 * rates; when the hour of the week changes, the hour just ended is learned into the destination's
 * {@link Baseline} (the core decides how). The window starts over with the engine; the baselines are saved.
 */
final class Trends {

    static final long SAMPLE_MS = 5_000;
    static final long WINDOW_MS = 5 * 60_000;
    /** Rates need samples at least this far apart. */
    static final long MIN_SPAN_MS = 30_000;

    /** Cumulative counts at one moment. */
    record Sample(long at, long received, long finished, long sends, long sendNanos) {
    }

    private static final class Series {
        final ArrayDeque<Sample> window = new ArrayDeque<>();
        int hour = -1;
        Sample hourFirst;
        Baseline baseline = Baseline.EMPTY;
        boolean baselineChanged;
    }

    private final Map<DestinationRef, Series> series = new HashMap<>();
    private final ZoneId zone;

    Trends(ZoneId zone) {
        this.zone = zone;
    }

    synchronized void loaded(DestinationRef destination, Baseline baseline) {
        series.computeIfAbsent(destination, d -> new Series()).baseline = baseline;
    }

    synchronized void sample(DestinationRef destination, Sample sample) {
        Series s = series.computeIfAbsent(destination, d -> new Series());
        s.window.addLast(sample);
        while (s.window.size() > 2 && sample.at() - s.window.peekFirst().at() > WINDOW_MS) s.window.removeFirst();
        int hour = Baseline.hourOfWeek(Instant.ofEpochMilli(sample.at()), zone);
        if (hour != s.hour) {
            if (s.hour >= 0 && s.hourFirst != null) {
                Sample last = s.window.size() > 1 ? previous(s) : sample;
                Baseline learned = s.baseline.learn(s.hour, new Baseline.HourSample((last.at() - s.hourFirst.at()) / 60_000.0,
                        last.received() - s.hourFirst.received(), last.sends() - s.hourFirst.sends(),
                        last.sendNanos() - s.hourFirst.sendNanos()));
                if (learned != s.baseline) {
                    s.baseline = learned;
                    s.baselineChanged = true;
                }
            }
            s.hour = hour;
            s.hourFirst = sample;
        }
    }

    private static Sample previous(Series s) {
        Sample[] all = s.window.toArray(new Sample[0]);
        return all[all.length - 2];
    }

    /** Rates over the window; unknown until it spans {@link #MIN_SPAN_MS}. */
    synchronized Rates recent(DestinationRef destination) {
        Series s = series.get(destination);
        if (s == null || s.window.size() < 2) return Rates.UNKNOWN;
        Sample first = s.window.peekFirst();
        Sample last = s.window.peekLast();
        long span = last.at() - first.at();
        if (span < MIN_SPAN_MS) return Rates.UNKNOWN;
        double minutes = span / 60_000.0;
        long sends = last.sends() - first.sends();
        return new Rates((last.received() - first.received()) / minutes, (last.finished() - first.finished()) / minutes,
                sends == 0 ? Double.NaN : (last.sendNanos() - first.sendNanos()) / 1e6 / sends);
    }

    synchronized Rates normal(DestinationRef destination, Instant now) {
        Series s = series.get(destination);
        return s == null ? Rates.UNKNOWN : s.baseline.normal(Baseline.hourOfWeek(now, zone));
    }

    /** A baseline whose save failed: offered again by the next {@link #takeChangedBaselines}. */
    synchronized void unsaved(DestinationRef destination) {
        Series s = series.get(destination);
        if (s != null) s.baselineChanged = true;
    }

    /** Baselines learned since the last call, as text, to be saved. */
    synchronized Map<DestinationRef, String> takeChangedBaselines() {
        Map<DestinationRef, String> changed = new LinkedHashMap<>();
        series.forEach((ref, s) -> {
            if (s.baselineChanged) {
                changed.put(ref, s.baseline.toText());
                s.baselineChanged = false;
            }
        });
        return changed;
    }
}
