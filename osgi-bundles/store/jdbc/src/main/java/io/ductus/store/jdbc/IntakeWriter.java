package io.ductus.store.jdbc;

import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes one intake batch inside a transaction it is given: messages in order (ids grow in that order),
 * then dedupe claims, then deliveries, then the source's progress.
 *
 * <p>Dedupe keys are claimed in key order, not message order: two concurrent PostgreSQL transactions that
 * share keys then wait for each other in one direction only and cannot deadlock. A claim that finds the
 * key taken (by an earlier message, or by an earlier message of this batch) marks the message a duplicate.
 */
public final class IntakeWriter {

    /** Most messages per INSERT statement: 11 parameters each, well under both databases' limits. */
    static final int ROWS_PER_INSERT = 50;
    static final String INSERT_MESSAGE_COLUMNS = """
            INSERT INTO messages (interface_name, received_at, status, payload, charset, ordering_key, lane,
                                  dedupe_key, source_info, settled_at, tier)
            VALUES\s""";
    public static final String CLAIM_KEY = """
            INSERT INTO dedupe_keys (interface_name, dedupe_key, message_id, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (interface_name, dedupe_key) DO NOTHING""";
    public static final String KEY_OWNER = "SELECT message_id FROM dedupe_keys WHERE interface_name = ? AND dedupe_key = ?";
    /** By the row's partition keys as just written: one leaf on PostgreSQL (a filter of the primary key's row on SQLite). */
    public static final String MARK_DUPLICATE = "UPDATE messages SET status = 'duplicate', duplicate_of = ?, settled_at = ? WHERE id = ?"
            + Leaf.KEYS;
    // A delivery is stored in its message's tier and period (tier, received_at): PostgreSQL's partitions of
    // deliveries are those of messages, so both go together.
    static final String INSERT_DELIVERY = """
            INSERT INTO deliveries (message_id, destination, interface_name, lane, status, attempts, updated_at,
                                    tier, received_at)
            VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?)""";
    /** Fewer deliveries than this are bound row by row (see insertDeliveries). */
    static final int SET_INSERT_MIN_ROWS = 50;
    /**
     * Every delivery to one destination of a batch, made from the messages' rows; {@code %s}: the ids condition.
     * The messages' tier and time span beside their ids: PostgreSQL then looks them up in the one leaf (two when
     * the batch spans a period's end) they were just written to, not in every leaf.
     */
    static final String INSERT_DELIVERIES = """
            INSERT INTO deliveries (message_id, destination, interface_name, lane, status, attempts, updated_at,
                                    tier, received_at)
            SELECT m.id, ?, m.interface_name, m.lane, 'pending', 0, ?, m.tier, m.received_at FROM messages m
            WHERE %s AND m.tier = ? AND m.received_at >= ? AND m.received_at <= ?""";
    public static final String SAVE_PROGRESS = """
            INSERT INTO source_state (interface_name, state_key, state_value, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (interface_name, state_key) DO UPDATE SET state_value = excluded.state_value,
                                                                updated_at = excluded.updated_at""";

    private IntakeWriter() {
    }

    /** @param tier the retention tier the batch's messages are stored in ({@link Tiers}) */
    static List<Stored> write(Connection c, Dialect dialect, IntakeBatch batch, int tier, long now) throws SQLException {
        List<NewMessage> messages = batch.messages();
        long[] ids = insertMessages(c, dialect, batch.interfaceName(), messages, tier, now);
        Long[] duplicateOf = claimKeys(c, batch.interfaceName(), messages, ids, tier, now);
        insertDeliveries(c, dialect, batch.interfaceName(), messages, ids, duplicateOf, tier, now);
        if (batch.progress() != null) {
            try (PreparedStatement ps = c.prepareStatement(SAVE_PROGRESS)) {
                ps.setString(1, batch.interfaceName());
                ps.setString(2, batch.progress().key());
                ps.setString(3, batch.progress().value());
                ps.setLong(4, now);
                ps.executeUpdate();
            }
        }
        List<Stored> stored = new ArrayList<>(messages.size());
        for (int i = 0; i < ids.length; i++) stored.add(new Stored(ids[i], duplicateOf[i]));
        return stored;
    }

    /**
     * Inserts the messages up to {@link #ROWS_PER_INSERT} per statement: one statement per row costs a
     * round through the driver (and a result set for its id) that is a large share of a big batch. The ids
     * of one multi-row insert are given in the order of its rows (one writer on SQLite; a sequence that
     * only grows on PostgreSQL), so the returned ids, sorted, belong to the rows in order. On SQLite the store
     * gives the ids itself ({@link MessageIds}) and binds them: no result set to read.
     */
    private static long[] insertMessages(Connection c, Dialect dialect, String interfaceName, List<NewMessage> messages,
                                         int tier, long now) throws SQLException {
        long[] ids = new long[messages.size()];
        // SQLite: a message alone takes its id inside its INSERT (no statement more than with AUTOINCREMENT); a
        // batch reads its first id once and binds them all.
        boolean sqlite = dialect == Dialect.SQLITE;
        boolean given = sqlite && ids.length > 1;
        long next = given ? MessageIds.next(c) : 0;
        for (int from = 0; from < ids.length; from += ROWS_PER_INSERT) {
            int rows = Math.min(ROWS_PER_INSERT, ids.length - from);
            String sql = given ? WITH_IDS[rows] : sqlite ? ONE_WITH_NEXT_ID : WITHOUT_IDS[rows];
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int p = 1;
                for (int i = from; i < from + rows; i++) {
                    NewMessage m = messages.get(i);
                    boolean settled = m.destinations().isEmpty();
                    if (given) {
                        ids[i] = next++;
                        ps.setLong(p++, ids[i]);
                    }
                    ps.setString(p++, interfaceName);
                    ps.setLong(p++, m.receivedAt());
                    ps.setString(p++, (settled ? MessageStatus.FILTERED : MessageStatus.PENDING).dbValue());
                    ps.setBytes(p++, m.payload());
                    ps.setString(p++, m.charset());
                    ps.setString(p++, m.orderingKey());
                    ps.setInt(p++, m.lane());
                    ps.setString(p++, m.dedupeKey());
                    ps.setString(p++, m.sourceInfo());
                    if (settled) ps.setLong(p++, now);
                    else ps.setNull(p++, Types.BIGINT);
                    ps.setInt(p++, tier);
                }
                if (given) {
                    int made = ps.executeUpdate();
                    if (made != rows) throw new SQLException("INSERT of " + rows + " messages stored " + made);
                    continue;
                }
                long[] got = new long[rows];
                int n = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (n == rows) throw new SQLException("INSERT ... RETURNING id returned more ids than rows");
                        got[n++] = rs.getLong(1);
                    }
                }
                if (n != rows) throw new SQLException("INSERT ... RETURNING id returned " + n + " ids for " + rows + " rows");
                Arrays.sort(got);
                System.arraycopy(got, 0, ids, from, rows);
            }
        }
        return ids;
    }

    /** The inserts by number of rows, made once: building the text was an allocation per stored batch. */
    private static final String[] WITH_IDS = new String[ROWS_PER_INSERT + 1];
    private static final String[] WITHOUT_IDS = new String[ROWS_PER_INSERT + 1];
    /** One message on SQLite: its id is the next one ({@link MessageIds#NEXT_ID}), taken in the INSERT itself. */
    private static final String ONE_WITH_NEXT_ID;

    static {
        for (int rows = 1; rows <= ROWS_PER_INSERT; rows++) {
            WITH_IDS[rows] = insertMessagesWithIds(rows);
            WITHOUT_IDS[rows] = insertMessages(rows);
        }
        ONE_WITH_NEXT_ID = insertMessagesWithIds(1).replace("VALUES (?, ", "VALUES (" + MessageIds.NEXT_ID + ", ") + " RETURNING id";
    }

    /** The insert of {@code rows} messages; the texts are few (batch sizes), so prepared statements are reused. */
    static String insertMessages(int rows) {
        StringBuilder sql = new StringBuilder(INSERT_MESSAGE_COLUMNS.length() + rows * 32).append(INSERT_MESSAGE_COLUMNS);
        for (int i = 0; i < rows; i++) sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        return sql.append(" RETURNING id").toString();
    }

    /** The insert of {@code rows} messages with the ids the store gives them (SQLite). */
    static String insertMessagesWithIds(int rows) {
        StringBuilder sql = new StringBuilder(INSERT_MESSAGE_COLUMNS.length() + rows * 35)
                .append(INSERT_MESSAGE_COLUMNS.replace("INSERT INTO messages (", "INSERT INTO messages (id, "));
        for (int i = 0; i < rows; i++) sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        return sql.toString();
    }

    /** Returns, per message, the id of the message it duplicates, or null. */
    private static Long[] claimKeys(Connection c, String interfaceName, List<NewMessage> messages, long[] ids, int tier,
                                    long now)
            throws SQLException {
        Long[] duplicateOf = new Long[messages.size()];
        Map<String, Integer> firstWithKey = new TreeMap<>(); // key order: see the class comment
        Map<Integer, String> laterWithKey = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            String key = messages.get(i).dedupeKey();
            if (key == null) continue;
            if (firstWithKey.putIfAbsent(key, i) != null) laterWithKey.put(i, key);
        }
        if (firstWithKey.isEmpty()) return duplicateOf;
        Map<String, Long> owner = new HashMap<>();
        try (PreparedStatement claim = c.prepareStatement(CLAIM_KEY);
             PreparedStatement read = c.prepareStatement(KEY_OWNER)) {
            for (Map.Entry<String, Integer> e : firstWithKey.entrySet()) {
                long id = ids[e.getValue()];
                claim.setString(1, interfaceName);
                claim.setString(2, e.getKey());
                claim.setLong(3, id);
                claim.setLong(4, now);
                if (claim.executeUpdate() == 1) {
                    owner.put(e.getKey(), id);
                } else {
                    long first = ownerOf(read, interfaceName, e.getKey());
                    owner.put(e.getKey(), first);
                    duplicateOf[e.getValue()] = first;
                }
            }
        }
        laterWithKey.forEach((i, key) -> duplicateOf[i] = owner.get(key));
        try (PreparedStatement mark = c.prepareStatement(MARK_DUPLICATE)) {
            boolean any = false;
            for (int i = 0; i < ids.length; i++) {
                if (duplicateOf[i] == null) continue;
                mark.setLong(1, duplicateOf[i]);
                mark.setLong(2, now);
                mark.setLong(3, ids[i]);
                mark.setInt(4, tier);
                mark.setLong(5, messages.get(i).receivedAt());
                mark.addBatch();
                any = true;
            }
            if (any) mark.executeBatch();
        }
        return duplicateOf;
    }

    private static long ownerOf(PreparedStatement read, String interfaceName, String key) throws SQLException {
        read.setString(1, interfaceName);
        read.setString(2, key);
        try (ResultSet rs = read.executeQuery()) {
            if (!rs.next()) throw new SQLException("dedupe key '" + key + "' was taken but has no owner");
            return rs.getLong(1);
        }
    }

    private static void insertDeliveries(Connection c, Dialect dialect, String interfaceName, List<NewMessage> messages,
                                         long[] ids, Long[] duplicateOf, int tier, long now) throws SQLException {
        List<NewDelivery> deliveries = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) {
            if (duplicateOf[i] != null) continue;
            NewMessage m = messages.get(i);
            for (String destination : m.destinations()) deliveries.add(new NewDelivery(ids[i], destination, m.lane(), tier, m.receivedAt()));
        }
        insertDeliveries(c, dialect, interfaceName, deliveries, now);
    }

    /** A pending delivery to make: the message, the destination it goes to, and the message's lane, tier and time. */
    record NewDelivery(long messageId, String destination, int lane, int tier, long receivedAt) {
    }

    /**
     * Makes pending deliveries of stored messages. Many at once (a batch from a file) are made by the
     * database from the messages' rows, one statement per destination: bound and sent row by row they
     * were a third of a 500-row batch's time in the store. A few (a message, or a few callers' messages
     * in a group commit) are bound row by row: there the set-based statement's id list costs more than
     * it saves (bench/run store-commit, 16 writers: 16 % fewer messages per second).
     */
    static void insertDeliveries(Connection c, Dialect dialect, String interfaceName, List<NewDelivery> deliveries,
                                 long now) throws SQLException {
        if (deliveries.isEmpty()) return;
        if (deliveries.size() < SET_INSERT_MIN_ROWS) {
            try (PreparedStatement ps = c.prepareStatement(INSERT_DELIVERY)) {
                for (NewDelivery d : deliveries) {
                    ps.setLong(1, d.messageId());
                    ps.setString(2, d.destination());
                    ps.setString(3, interfaceName);
                    ps.setInt(4, d.lane());
                    ps.setLong(5, now);
                    ps.setInt(6, d.tier());
                    ps.setLong(7, d.receivedAt());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return;
        }
        Map<List<Object>, List<NewDelivery>> byDestination = new LinkedHashMap<>(); // by destination and tier
        for (NewDelivery d : deliveries) {
            byDestination.computeIfAbsent(List.of(d.destination(), d.tier()), k -> new ArrayList<>()).add(d);
        }
        try (PreparedStatement ps = c.prepareStatement(INSERT_DELIVERIES.formatted(dialect.idInListSql()))) {
            for (Map.Entry<List<Object>, List<NewDelivery>> e : byDestination.entrySet()) {
                List<NewDelivery> rows = e.getValue();
                ps.setString(1, rows.get(0).destination());
                ps.setLong(2, now);
                ps.setString(3, Dialect.idList(rows.stream().map(NewDelivery::messageId).toList()));
                ps.setInt(4, rows.get(0).tier());
                ps.setLong(5, rows.stream().mapToLong(NewDelivery::receivedAt).min().orElseThrow());
                ps.setLong(6, rows.stream().mapToLong(NewDelivery::receivedAt).max().orElseThrow());
                int made = ps.executeUpdate();
                if (made != e.getValue().size()) {
                    throw new SQLException("made " + made + " deliveries to " + rows.get(0).destination() + " for " + rows.size() + " messages");
                }
            }
        }
    }
}
