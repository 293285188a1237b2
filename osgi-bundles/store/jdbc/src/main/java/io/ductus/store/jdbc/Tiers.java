package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The retention tier each interface's new messages are stored in: its applied window's days (7, 21 or 49;
 * retention_windows), 49 for an interface without one yet. PostgreSQL partitions messages and deliveries by
 * it (docs/retention.md); SQLite only stores it. Read once from the table and kept in memory, so intake pays
 * a map lookup; the store updates it when it applies a window, and {@link #reload} picks up windows another
 * engine of the same database applied (a message stored in the old tier meanwhile is moved by the next run).
 */
final class Tiers {

    /** The held area: messages someone still needs after their partition expired. */
    static final int HELD = 0;
    /** The tiers of the windows, shortest first. */
    static final int[] WINDOWS = {7, 21, 49};
    static final int LONGEST = 49;

    private final Map<String, Integer> byInterface = new ConcurrentHashMap<>();
    private volatile boolean loaded;

    /** The tier of a window of {@code days}: the shortest tier that keeps it. */
    static int forDays(int days) {
        for (int tier : WINDOWS) if (days <= tier) return tier;
        return LONGEST;
    }

    /** The tier new messages of {@code interfaceName} go to, read through {@code c} the first time. */
    int of(Connection c, String interfaceName) throws SQLException {
        if (!loaded) reload(c);
        return byInterface.getOrDefault(interfaceName, LONGEST);
    }

    void reload(Connection c) throws SQLException {
        Map<String, Integer> read = new java.util.HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT interface_name, days FROM retention_windows");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) read.put(rs.getString(1), forDays(rs.getInt(2)));
        }
        byInterface.keySet().retainAll(read.keySet());
        byInterface.putAll(read);
        loaded = true;
    }

    /** After a window was applied and committed. */
    void applied(String interfaceName, int days) {
        byInterface.put(interfaceName, forDays(days));
    }
}
