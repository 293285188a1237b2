package io.ductus.studio.ui;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How the tables write times and states: today's times as HH:mm:ss, older ones with their date. */
public final class Cells {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Cells() {
    }

    public static String time(Instant at) {
        if (at == null) return "—";
        var local = at.atZone(ZoneId.systemDefault());
        return local.toLocalDate().equals(LocalDate.now()) ? TIME.format(local) : DATE_TIME.format(local);
    }

    /** The style class of a health or status word: health-ok, health-error, status-quarantined, … */
    public static String styleOf(String prefix, String value) {
        return prefix + "-" + (value == null ? "unknown" : value);
    }
}
