package io.ductus.store.jdbc;

import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The message browser's reads: pages of messages, one message with its deliveries, source progress. */
final class MessageReads {

    static final String SUMMARY_COLUMNS = """
            id, interface_name, received_at, status, charset, LENGTH(payload) AS size, ordering_key, lane,
            dedupe_key, duplicate_of, settled_at""";
    static final String ONE_MESSAGE = "SELECT " + SUMMARY_COLUMNS + ", payload, source_info FROM messages WHERE id = ?";
    static final String DELIVERIES_OF = """
            SELECT destination, lane, status, attempts, next_attempt_at, last_error, output, output_charset, updated_at
            FROM deliveries WHERE message_id = ? ORDER BY destination""";
    static final String SOURCE_STATE = "SELECT state_value FROM source_state WHERE interface_name = ? AND state_key = ?";

    private MessageReads() {
    }

    /**
     * Builds the page query from the filters that are set. The status is written as a literal (it is one of
     * the enum's fixed values), so that the planners can use the partial index of pending or quarantined
     * messages; every other value is bound, never spliced in.
     */
    static String browseSql(MessageQuery q) {
        StringBuilder sql = new StringBuilder("SELECT ").append(SUMMARY_COLUMNS).append(" FROM messages WHERE 1 = 1");
        if (q.interfaceName() != null) sql.append(" AND interface_name = ?");
        if (q.status() != null) sql.append(" AND status = '").append(q.status().dbValue()).append('\'');
        if (q.receivedFrom() != null) sql.append(" AND received_at >= ?");
        if (q.receivedTo() != null) sql.append(" AND received_at < ?");
        if (q.beforeId() != null) sql.append(" AND id < ?");
        return sql.append(" ORDER BY id DESC LIMIT ?").toString();
    }

    static MessagePage browse(Connection c, MessageQuery q) throws SQLException {
        List<MessageSummary> page = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(browseSql(q))) {
            int i = 1;
            if (q.interfaceName() != null) ps.setString(i++, q.interfaceName());
            if (q.receivedFrom() != null) ps.setLong(i++, q.receivedFrom());
            if (q.receivedTo() != null) ps.setLong(i++, q.receivedTo());
            if (q.beforeId() != null) ps.setLong(i++, q.beforeId());
            ps.setInt(i, q.limit() + 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) page.add(summary(rs));
            }
        }
        boolean more = page.size() > q.limit();
        if (more) page = page.subList(0, q.limit());
        return new MessagePage(page, more ? page.get(page.size() - 1).id() : null);
    }

    static Optional<MessageDetail> message(Connection c, long id) throws SQLException {
        MessageSummary summary;
        byte[] payload;
        String sourceInfo;
        try (PreparedStatement ps = c.prepareStatement(ONE_MESSAGE)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                summary = summary(rs);
                payload = rs.getBytes("payload");
                sourceInfo = rs.getString("source_info");
            }
        }
        List<DeliveryRecord> deliveries = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(DELIVERIES_OF)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    deliveries.add(new DeliveryRecord(rs.getString("destination"), rs.getInt("lane"),
                            DeliveryStatus.fromDb(rs.getString("status")), rs.getInt("attempts"),
                            Rows.nullableLong(rs, "next_attempt_at"), rs.getString("last_error"),
                            rs.getBytes("output"), rs.getString("output_charset"), rs.getLong("updated_at")));
                }
            }
        }
        return Optional.of(new MessageDetail(summary, payload, sourceInfo, deliveries));
    }

    static Optional<String> sourceState(Connection c, String interfaceName, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SOURCE_STATE)) {
            ps.setString(1, interfaceName);
            ps.setString(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static MessageSummary summary(ResultSet rs) throws SQLException {
        return new MessageSummary(rs.getLong("id"), rs.getString("interface_name"), rs.getLong("received_at"),
                MessageStatus.fromDb(rs.getString("status")), rs.getString("charset"), rs.getInt("size"),
                rs.getString("ordering_key"), rs.getInt("lane"), rs.getString("dedupe_key"),
                Rows.nullableLong(rs, "duplicate_of"), Rows.nullableLong(rs, "settled_at"));
    }
}
