package io.ductus.store.jdbc;

import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One message with its deliveries and edited copies, and the progress a source saved. */
public final class MessageReads {

    /** A message's columns as {@link #summary} reads them, from {@code messages m}. */
    static final String SUMMARY_COLUMNS = """
            m.id, m.interface_name, m.received_at, m.status, m.charset, LENGTH(m.payload) AS size, m.ordering_key,
            m.lane, m.dedupe_key, m.duplicate_of, m.settled_at, m.edited_from""";
    static final String ONE_MESSAGE = "SELECT " + SUMMARY_COLUMNS + ", m.payload, m.source_info FROM messages m WHERE m.id = ?";
    static final String DELIVERIES_OF = """
            SELECT destination, lane, status, attempts, next_attempt_at, last_error, output, output_charset, updated_at, revision
            FROM deliveries WHERE message_id = ? ORDER BY destination""";
    /** From the partial index messages_edited, which holds only copies. */
    public static final String COPIES_OF = "SELECT id FROM messages WHERE edited_from = ? ORDER BY id";
    static final String SOURCE_STATE = "SELECT state_value FROM source_state WHERE interface_name = ? AND state_key = ?";

    private MessageReads() {
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
                            rs.getBytes("output"), rs.getString("output_charset"), rs.getLong("updated_at"),
                            Rows.nullableInteger(rs, "revision")));
                }
            }
        }
        List<Long> copies = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(COPIES_OF)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) copies.add(rs.getLong(1));
            }
        }
        return Optional.of(new MessageDetail(summary, payload, sourceInfo, deliveries, copies));
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

    /** The summary in the current row, selected with {@link #SUMMARY_COLUMNS}. */
    static MessageSummary summary(ResultSet rs) throws SQLException {
        return new MessageSummary(rs.getLong("id"), rs.getString("interface_name"), rs.getLong("received_at"),
                MessageStatus.fromDb(rs.getString("status")), rs.getString("charset"), rs.getInt("size"),
                rs.getString("ordering_key"), rs.getInt("lane"), rs.getString("dedupe_key"),
                Rows.nullableLong(rs, "duplicate_of"), Rows.nullableLong(rs, "settled_at"),
                Rows.nullableLong(rs, "edited_from"));
    }
}
