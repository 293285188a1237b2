package io.ductus.engine.alerts.channel;

import io.ductus.store.alert.NotificationRecord;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The words of a notification, the same on every channel: a subject (one notice's headline, or how many of
 * which kind), and a line per notice with the target, its state and why.
 */
public final class NoticeText {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss z", Locale.ENGLISH);

    private final String origin;
    private final ZoneId zone;

    /** @param origin which engine speaks ({@code ductus on lab-gw-1}) */
    public NoticeText(String origin, ZoneId zone) {
        this.origin = origin;
        this.zone = zone;
    }

    public String origin() {
        return origin;
    }

    public String subject(List<NotificationRecord> notices) {
        if (notices.size() == 1) return "[ductus] " + headline(notices.get(0));
        Map<String, Integer> kinds = new LinkedHashMap<>();
        for (NotificationRecord n : notices) kinds.merge(word(n.kind()).toLowerCase(Locale.ROOT), 1, Integer::sum);
        StringBuilder s = new StringBuilder("[ductus] ").append(notices.size()).append(" alert notices:");
        kinds.forEach((k, count) -> s.append(s.charAt(s.length() - 1) == ':' ? " " : ", ").append(count).append(' ').append(k));
        return s.toString();
    }

    /** {@code FIRING critical: adt/lab stalled}. */
    public static String headline(NotificationRecord n) {
        if (n.kind().equals("test")) return "TEST notification to channel " + n.channel();
        return word(n.kind()) + " " + n.severity() + ": " + n.target() + " " + n.state();
    }

    public String line(NotificationRecord n) {
        return headline(n) + (n.reason() == null ? "" : " — " + n.reason()) + " (" + TIME.format(Instant.ofEpochMilli(n.createdAt()).atZone(zone)) + ")";
    }

    public String body(List<NotificationRecord> notices) {
        StringBuilder b = new StringBuilder();
        for (NotificationRecord n : notices) b.append(line(n)).append("\n");
        b.append("\nFrom ").append(origin).append(". `ductus alerts` lists what fires; `ductus alerts ack ID` acknowledges it.\n");
        return b.toString();
    }

    static String word(String kind) {
        return switch (kind) {
            case "fired" -> "FIRING";
            case "escalated" -> "ESCALATED";
            case "reminder" -> "STILL FIRING";
            case "recovered" -> "RECOVERED";
            case "test" -> "TEST";
            default -> kind.toUpperCase(Locale.ROOT);
        };
    }
}
