package io.ductus.store.jdbc;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's leaf partitions of messages and deliveries, as pure arithmetic (time is an argument): which
 * period a time falls in for a tier (a day for t7, a week from Monday for t21 and t49, a calendar month for
 * the held area t0; bounds at midnight UTC), what the leaves are called (messages_t21_20261130: the tier and
 * the period's first day), which ones the maintenance makes ahead and which have expired.
 */
final class Periods {

    static final long DAY = 86_400_000L;
    static final long WEEK = 7 * DAY;
    /** 1970-01-05, the first Monday: weeks start there. */
    static final long FIRST_MONDAY = 4 * DAY;
    /** How far ahead the maintenance makes leaves. */
    static final int AHEAD_DAYS = 3;
    static final String[] TABLES = {"messages", "deliveries"};
    private static final DateTimeFormatter NAME_DAY = DateTimeFormatter.BASIC_ISO_DATE;
    private static final Pattern LEAF = Pattern.compile("(messages|deliveries)_t(\\d+)_(\\d{8})");

    private Periods() {
    }

    /** One leaf's period: [from, to) of one tier. */
    record Period(int tier, long from, long to) {

        String leaf(String table) {
            return table + "_t" + tier + "_" + LocalDate.ofInstant(Instant.ofEpochMilli(from), ZoneOffset.UTC).format(NAME_DAY);
        }

        /** Whether every message of it is past its tier's window at {@code now} (never for the held area). */
        boolean expired(long now) {
            return tier != Tiers.HELD && to <= now - tier * DAY;
        }
    }

    /** The leaf named {@code name} ({@code messages_t7_20261201}), or empty for a table that is not one. */
    static Optional<Period> ofLeaf(String name) {
        Matcher m = LEAF.matcher(name);
        if (!m.matches()) return Optional.empty();
        int tier = Integer.parseInt(m.group(2));
        long day = LocalDate.parse(m.group(3), NAME_DAY).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        return Optional.of(of(tier, day));
    }

    /** The table of a leaf's name (messages or deliveries). */
    static String tableOf(String leaf) {
        return leaf.startsWith("messages_") ? "messages" : "deliveries";
    }

    /** The period of {@code tier} that {@code time} falls in. */
    static Period of(int tier, long time) {
        if (tier == Tiers.HELD) {
            LocalDate first = LocalDate.ofInstant(Instant.ofEpochMilli(time), ZoneOffset.UTC).withDayOfMonth(1);
            return new Period(tier, millis(first), millis(first.plusMonths(1)));
        }
        if (tier == 7) {
            long from = Math.floorDiv(time, DAY) * DAY;
            return new Period(tier, from, from + DAY);
        }
        long from = FIRST_MONDAY + Math.floorDiv(time - FIRST_MONDAY, WEEK) * WEEK;
        return new Period(tier, from, from + WEEK);
    }

    /**
     * The leaves each window's tier should have at {@code now}: every period from the window's start to
     * {@link #AHEAD_DAYS} days ahead (so a window changed to a longer one finds the leaves its rows move to).
     */
    static List<Period> wanted(long now) {
        List<Period> all = new ArrayList<>();
        for (int tier : Tiers.WINDOWS) {
            for (Period p = of(tier, now - tier * DAY); p.from() <= now + AHEAD_DAYS * DAY; p = of(tier, p.to())) {
                if (!p.expired(now)) all.add(p);
            }
        }
        return all;
    }

    /**
     * The period of each window's tier that {@code now} falls in: where intake stores from now on, made before it
     * starts ({@link PartitionRetention#makeCurrent}) so that no message of a new database has to wait for a leaf.
     */
    static List<Period> current(long now) {
        List<Period> all = new ArrayList<>();
        for (int tier : Tiers.WINDOWS) all.add(of(tier, now));
        return all;
    }

    /** The period a message stored at {@code now} plus a day falls in: when that is missing, waiting is worth it. */
    static Period tomorrow(int tier, long now) {
        return of(tier, now + DAY);
    }

    private static long millis(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
}
