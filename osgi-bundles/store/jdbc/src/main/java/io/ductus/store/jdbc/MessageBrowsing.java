package io.ductus.store.jdbc;

import io.ductus.core.pacing.DutyCycle;
import io.ductus.core.pacing.Rest;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The message browser's pages: messages newest first, filtered by interface, status and time, paged by id;
 * and the bounded text search. Every read first finds the ids (walking the primary key or an index) and
 * only then reads those few messages by primary key. How the ids are found depends on the filters, and the SQL
 * says which index to take, so neither database has to guess from statistics (the query-plan tests check
 * each case on both):
 *
 * <ul>
 *   <li>no filter, an interface, or status sent (the bulk): a walk down the primary key or
 *       {@code messages_by_interface}, newest first, which stops after a page;</li>
 *   <li>another status (pending, quarantined, filtered, duplicate): for one interface a walk down that
 *       status's partial index; for all interfaces the whole partial index, sorted: the cost follows how many
 *       messages have that status;</li>
 *   <li>a time range: first the newest {@value #PROBE} messages (of the interface), which answer a range
 *       that reaches the present ("the last 7 days") at the cost of any page; else the range of
 *       {@code messages_by_time}, which holds interface and status too, so nothing else is read, its ids
 *       sorted: the cost follows how many messages the range holds.</li>
 * </ul>
 *
 * Sorting ids is written {@code ORDER BY m.id + 0}: an expression no index provides, so that no planner
 * walks an id index instead and reads every newer message before it reaches the range or the status.
 *
 * <p>A text search takes its window, the ids of the newest {@code scanLimit} messages that pass the other
 * filters (with a time range, first as without it: when those are all in the range, they are the window),
 * and only then looks into those messages' payloads. So one call reads at most {@code scanLimit}
 * payloads, however big the table; the first message it did not read is where the next call goes on
 * (docs/store.md). It reads its window in parts and stops early, saying where to go on, when its time budget
 * runs out. After each part it rests three times as long as the part took ({@link DutyCycle#SCAN}): a search that read on
 * without a pause kept a core busy in long stretches, and the intake's threads, waking beside it on a shared
 * machine, waited behind it (an acknowledgement's p99 beside eight searches).
 */
public final class MessageBrowsing {

    /** How many of the newest messages a time range looks at first (see {@link #newestInRange}). */
    static final int PROBE = 1000;

    private MessageBrowsing() {
    }

    /**
     * The ids of the newest messages that pass the filters, up to a bound (the parameter after the
     * filters'). The status is written as a literal (it is one of the enum's fixed values), so that the
     * planners can match it to a partial index; every other value is bound, never spliced in.
     */
    public static String idsSql(MessageQuery q, Dialect dialect) {
        StringBuilder sql = new StringBuilder("SELECT m.id FROM messages m");
        if (timed(q)) sql.append(dialect.indexedBy("messages_by_time"));
        sql.append(" WHERE 1 = 1");
        if (q.interfaceName() != null) sql.append(" AND m.interface_name = ?");
        if (q.status() != null) sql.append(" AND m.status = '").append(q.status().dbValue()).append('\'');
        if (q.receivedFrom() != null) sql.append(" AND m.received_at >= ?");
        if (q.receivedTo() != null) sql.append(" AND m.received_at < ?");
        if (q.beforeId() != null) sql.append(" AND m.id < ?");
        boolean sorted = timed(q) || (rareStatus(q) && q.interfaceName() == null);
        return sql.append(sorted ? " ORDER BY m.id + 0 DESC LIMIT ?" : " ORDER BY m.id DESC LIMIT ?").toString();
    }

    /** A page: the ids, then their messages by primary key. */
    public static String pageSql(MessageQuery q, Dialect dialect) {
        return "SELECT " + MessageReads.SUMMARY_COLUMNS + " FROM messages m WHERE " + dialect.idInSql(idsSql(q, dialect))
                + " ORDER BY m.id DESC";
    }

    /**
     * The messages of a text search's window whose payload contains the text, newest first. Only the
     * window's messages are read and searched: each is looked up by id ({@link Dialect#idInSql}).
     */
    public static String textSql(MessageQuery q, Dialect dialect) {
        return "SELECT " + MessageReads.SUMMARY_COLUMNS + " FROM messages m WHERE " + dialect.idInSql(idsSql(q, dialect))
                + " AND " + dialect.payloadContainsSql() + " ORDER BY m.id DESC LIMIT ?";
    }

    /**
     * Whether a text search's window reached the end: the oldest id and the count of the window bounded one
     * past the scan limit, so that a count above the limit means one more message follows (the oldest).
     */
    public static String windowEndSql(MessageQuery q, Dialect dialect) {
        return "SELECT MIN(w.id), COUNT(*) FROM (" + idsSql(q, dialect) + ") w";
    }

    static MessagePage browse(Connection c, Dialect dialect, MessageQuery q, Rest rest) throws SQLException {
        if (q.text() != null) return search(c, dialect, q, rest);
        if (timed(q) && !rareStatus(q)) {
            MessagePage recent = newestInRange(c, dialect, q);
            if (recent != null) return recent;
        }
        return full(read(c, pageSql(q, dialect), q, q.limit() + 1), q.limit());
    }

    /**
     * A time range often holds the newest messages ("the last 24 hours"): then the newest {@value #PROBE}
     * messages (of the interface, if one is asked) already hold the page, and it costs as much as any page.
     * Returns null when they do not, and the range's index answers instead.
     */
    private static MessagePage newestInRange(Connection c, Dialect dialect, MessageQuery q) throws SQLException {
        MessageQuery newest = new MessageQuery(q.interfaceName(), null, null, null, q.beforeId(), q.limit());
        List<MessageSummary> walked = read(c, pageSql(newest, dialect), newest, PROBE);
        List<MessageSummary> inRange = walked.stream()
                .filter(m -> inRange(m, q) && (q.status() == null || m.status() == q.status())).toList();
        if (inRange.size() > q.limit()) return full(inRange, q.limit());
        if (walked.size() < PROBE) return new MessagePage(inRange, null); // it walked to the oldest message
        return null;
    }

    /**
     * Whether the newest messages a text search would read without its time range (one more than its
     * window) are all in the range: then they are its window as well, found at the cost of any page instead
     * of the range's (the usual case for a range that reaches the present).
     */
    private static boolean newestAllInRange(Connection c, Dialect dialect, MessageQuery q) throws SQLException {
        MessageQuery newest = withoutRange(q);
        String sql = "SELECT MIN(m.received_at), MAX(m.received_at) FROM messages m WHERE "
                + dialect.idInSql(idsSql(newest, dialect));
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = bindFilters(ps, newest);
            ps.setInt(i, q.scanLimit() + 1);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long oldest = rs.getLong(1);
                if (rs.wasNull()) return true; // nothing to read at all
                long newestAt = rs.getLong(2);
                return (q.receivedFrom() == null || oldest >= q.receivedFrom())
                        && (q.receivedTo() == null || newestAt < q.receivedTo());
            }
        }
    }

    private static MessageQuery withoutRange(MessageQuery q) {
        return new MessageQuery(q.interfaceName(), q.status(), null, null, q.beforeId(), q.limit(), q.text(),
                q.scanLimit(), q.timeBudget());
    }

    private static List<MessageSummary> read(Connection c, String sql, MessageQuery q, int bound) throws SQLException {
        List<MessageSummary> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = bindFilters(ps, q);
            ps.setInt(i, bound);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) rows.add(MessageReads.summary(rs));
            }
        }
        return rows;
    }

    private static boolean inRange(MessageSummary m, MessageQuery q) {
        return (q.receivedFrom() == null || m.receivedAt() >= q.receivedFrom())
                && (q.receivedTo() == null || m.receivedAt() < q.receivedTo());
    }

    private static boolean timed(MessageQuery q) {
        return q.receivedFrom() != null || q.receivedTo() != null;
    }

    private static boolean rareStatus(MessageQuery q) {
        return q.status() != null && q.status() != MessageStatus.SENT;
    }

    /**
     * Reads the window in parts of {@link MessageQuery#SEARCH_WINDOW} messages, newest first, until the page is
     * full, the scan limit is read, the messages end, or the time budget is spent (looked at after each part),
     * resting after each part as {@link DutyCycle#SCAN} says; when the time budget would run out during a rest it
     * answers at once instead. The rest is within the read transaction: a held read costs the writer nothing
     * (it is the scan's CPU that does).
     */
    private static MessagePage search(Connection c, Dialect dialect, MessageQuery asked, Rest rest) throws SQLException {
        MessageQuery q = timed(asked) && !rareStatus(asked) && newestAllInRange(c, dialect, asked)
                ? withoutRange(asked) : asked;
        boolean budgeted = q.timeBudget() != null;
        long deadline = budgeted ? System.nanoTime() + q.timeBudget().toNanos() : 0;
        List<MessageSummary> found = new ArrayList<>();
        int left = q.scanLimit();
        Long before = q.beforeId();
        while (true) {
            long started = System.nanoTime();
            MessageQuery part = q.withBeforeId(before).withScanLimit(Math.min(MessageQuery.SEARCH_WINDOW, left));
            found.addAll(searchPart(c, dialect, part, q.limit() + 1 - found.size()));
            if (found.size() > q.limit()) return full(found, q.limit());
            Long next = nextAfter(c, dialect, part);
            if (next == null) return new MessagePage(found, null); // it read to the end
            left -= part.scanLimit();
            before = next;
            if (left == 0) return new MessagePage(found, next, true, false);
            long now = System.nanoTime();
            long pause = DutyCycle.SCAN.restAfter(now - started);
            if (budgeted && now + pause - deadline >= 0) return new MessagePage(found, next, false, true);
            rest.nanos(pause);
        }
    }

    /** Up to {@code limit} messages of one part of a search's window whose payload holds the text. */
    private static List<MessageSummary> searchPart(Connection c, Dialect dialect, MessageQuery part, int limit) throws SQLException {
        List<MessageSummary> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(textSql(part, dialect))) {
            int i = bindFilters(ps, part);
            ps.setInt(i++, part.scanLimit());
            ps.setBytes(i++, part.text().getBytes(StandardCharsets.UTF_8));
            ps.setInt(i, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) found.add(MessageReads.summary(rs));
            }
        }
        return found;
    }

    /**
     * Where a search goes on after a part of its window: the {@code beforeId} that reads from the first message
     * the part did not read, or null when the part read to the oldest message.
     */
    private static Long nextAfter(Connection c, Dialect dialect, MessageQuery part) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(windowEndSql(part, dialect))) {
            int i = bindFilters(ps, part);
            ps.setInt(i, part.scanLimit() + 1);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                // bounded one past the part: a count above it means one more message follows (the oldest counted)
                return rs.getLong(2) <= part.scanLimit() ? null : rs.getLong(1) + 1;
            }
        }
    }

    /** A page of up to {@code limit} from {@code rows}, which holds one more when another page follows. */
    private static MessagePage full(List<MessageSummary> rows, int limit) {
        boolean more = rows.size() > limit;
        List<MessageSummary> page = more ? rows.subList(0, limit) : rows;
        return new MessagePage(page, more ? page.get(page.size() - 1).id() : null);
    }

    /** Binds the filters' values in the order {@link #idsSql} writes them; returns the next index. */
    private static int bindFilters(PreparedStatement ps, MessageQuery q) throws SQLException {
        int i = 1;
        if (q.interfaceName() != null) ps.setString(i++, q.interfaceName());
        if (q.receivedFrom() != null) ps.setLong(i++, q.receivedFrom());
        if (q.receivedTo() != null) ps.setLong(i++, q.receivedTo());
        if (q.beforeId() != null) ps.setLong(i++, q.beforeId());
        return i;
    }
}
