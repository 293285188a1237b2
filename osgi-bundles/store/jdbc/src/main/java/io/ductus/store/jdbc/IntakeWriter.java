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
final class IntakeWriter {

    /** Most messages per INSERT statement: 10 parameters each, well under both databases' limits. */
    static final int ROWS_PER_INSERT = 50;
    static final String INSERT_MESSAGE_COLUMNS = """
            INSERT INTO messages (interface_name, received_at, status, payload, charset, ordering_key, lane,
                                  dedupe_key, source_info, settled_at)
            VALUES\s""";
    static final String CLAIM_KEY = """
            INSERT INTO dedupe_keys (interface_name, dedupe_key, message_id, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (interface_name, dedupe_key) DO NOTHING""";
    static final String KEY_OWNER = "SELECT message_id FROM dedupe_keys WHERE interface_name = ? AND dedupe_key = ?";
    static final String MARK_DUPLICATE = "UPDATE messages SET status = 'duplicate', duplicate_of = ?, settled_at = ? WHERE id = ?";
    /** Every delivery to one destination of a batch, made from the messages' rows; {@code %s}: the ids condition. */
    static final String INSERT_DELIVERIES = """
            INSERT INTO deliveries (message_id, destination, interface_name, lane, status, attempts, updated_at)
            SELECT m.id, ?, m.interface_name, m.lane, 'pending', 0, ? FROM messages m WHERE %s""";
    static final String SAVE_PROGRESS = """
            INSERT INTO source_state (interface_name, state_key, state_value, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (interface_name, state_key) DO UPDATE SET state_value = excluded.state_value,
                                                                updated_at = excluded.updated_at""";

    private IntakeWriter() {
    }

    static List<Stored> write(Connection c, Dialect dialect, IntakeBatch batch, long now) throws SQLException {
        List<NewMessage> messages = batch.messages();
        long[] ids = insertMessages(c, batch.interfaceName(), messages, now);
        Long[] duplicateOf = claimKeys(c, batch.interfaceName(), messages, ids, now);
        insertDeliveries(c, dialect, messages, ids, duplicateOf, now);
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
     * only grows on PostgreSQL), so the returned ids, sorted, belong to the rows in order.
     */
    private static long[] insertMessages(Connection c, String interfaceName, List<NewMessage> messages, long now)
            throws SQLException {
        long[] ids = new long[messages.size()];
        for (int from = 0; from < ids.length; from += ROWS_PER_INSERT) {
            int rows = Math.min(ROWS_PER_INSERT, ids.length - from);
            try (PreparedStatement ps = c.prepareStatement(insertMessages(rows))) {
                int p = 1;
                for (int i = from; i < from + rows; i++) {
                    NewMessage m = messages.get(i);
                    boolean settled = m.destinations().isEmpty();
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

    /** The insert of {@code rows} messages; the texts are few (batch sizes), so prepared statements are reused. */
    static String insertMessages(int rows) {
        StringBuilder sql = new StringBuilder(INSERT_MESSAGE_COLUMNS.length() + rows * 32).append(INSERT_MESSAGE_COLUMNS);
        for (int i = 0; i < rows; i++) sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        return sql.append(" RETURNING id").toString();
    }

    /** Returns, per message, the id of the message it duplicates, or null. */
    private static Long[] claimKeys(Connection c, String interfaceName, List<NewMessage> messages, long[] ids, long now)
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

    private static void insertDeliveries(Connection c, Dialect dialect, List<NewMessage> messages, long[] ids,
                                         Long[] duplicateOf, long now) throws SQLException {
        Map<String, List<Long>> idsByDestination = new LinkedHashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (duplicateOf[i] != null) continue;
            for (String destination : messages.get(i).destinations()) {
                idsByDestination.computeIfAbsent(destination, d -> new ArrayList<>()).add(ids[i]);
            }
        }
        insertDeliveries(c, dialect, idsByDestination, now);
    }

    /**
     * Pending deliveries of stored messages, with their rows' interface and lane: one statement per
     * destination for all its messages. Rows the database makes from the messages' rows cost a fraction of
     * rows bound and sent one by one, which were a third of a large batch's time (bench/run file-ingest).
     * Intake gives every message of an interface the same destinations, so that is usually one statement.
     */
    static void insertDeliveries(Connection c, Dialect dialect, Map<String, List<Long>> idsByDestination, long now)
            throws SQLException {
        if (idsByDestination.isEmpty()) return;
        try (PreparedStatement ps = c.prepareStatement(INSERT_DELIVERIES.formatted(dialect.idInListSql("m.id")))) {
            for (Map.Entry<String, List<Long>> e : idsByDestination.entrySet()) {
                ps.setString(1, e.getKey());
                ps.setLong(2, now);
                ps.setString(3, Dialect.idList(e.getValue()));
                int made = ps.executeUpdate();
                if (made != e.getValue().size()) {
                    throw new SQLException("made " + made + " deliveries to " + e.getKey() + " for " + e.getValue().size() + " messages");
                }
            }
        }
    }
}
