package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The ids of new messages on SQLite, where the store gives them (PostgreSQL's identity sequence gives its own):
 * one more than the highest of the newest message's id and the floor a purge leaves ({@code message_id_floor}).
 * An id is so never given twice, even after a purge deleted the newest messages, and a stored message writes no
 * page for it: AUTOINCREMENT did the same by writing sqlite_sequence in every commit. Read inside the write
 * transaction that inserts the rows (SQLite's one writer): nothing can come between the read and the insert.
 */
public final class MessageIds {

    /** The next id: the newest row's id is the table's last b-tree entry, the floor one row; both are a page read. */
    static final String NEXT_ID = "(SELECT max(coalesce((SELECT max(id) FROM messages), 0),"
            + " coalesce((SELECT high FROM message_id_floor WHERE name = 'messages'), 0)) + 1)";
    static final String NEXT = "SELECT " + NEXT_ID;
    /** Written by a purge before it deletes messages: the highest id it deletes, if higher than the floor. */
    static final String RAISE_FLOOR = """
            INSERT INTO message_id_floor (name, high) VALUES ('messages', ?)
            ON CONFLICT (name) DO UPDATE SET high = max(high, excluded.high)""";

    private MessageIds() {
    }

    /** The first of the ids the rows about to be inserted get, one after the other (SQLite only). */
    static long next(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(NEXT); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Before a purge deletes ids up to {@code highest} (SQLite only): no later message gets one of them. */
    static void raiseFloor(Connection c, long highest) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(RAISE_FLOOR)) {
            ps.setLong(1, highest);
            ps.executeUpdate();
        }
    }

    /**
     * Once at open, on a file made while SQLite still gave the ids (AUTOINCREMENT): its sqlite_sequence may hold
     * ids of messages already purged, which the floor takes over.
     */
    public static void floorFromSequence(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'")) {
            if (!rs.next()) return;
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT seq FROM sqlite_sequence WHERE name = 'messages'")) {
            if (rs.next() && rs.getLong(1) > 0) raiseFloor(c, rs.getLong(1));
        }
    }
}
