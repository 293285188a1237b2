package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.retention.RetentionStore.Keeping;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** PostgreSQL: after a window change, an interface's messages move to its new tier (a step of {@link PartitionRetention}). */
final class WindowChanges {

    private static final int BATCH = PartitionRetention.BATCH;

    private WindowChanges() {
    }

    /**
     * A window change: the interface's messages inside its window that are in another tier move to its own,
     * each with its deliveries, in batches; pending ones wait (a worker is updating them). Older ones are the
     * purge's (a shorter window) or stay where they are until their leaf expires.
     */
    static long moveToTier(Transactions tx, String interfaceName, Keeping k, long now) {
        int tier = Tiers.forDays(k.days());
        String others = java.util.stream.IntStream.of(Tiers.HELD, 7, 21, 49).filter(t -> t != tier)
                .mapToObj(Integer::toString).collect(Collectors.joining(", "));
        long since = now - k.days() * Periods.DAY;
        long moved = 0;
        while (true) {
            long t = System.nanoTime();
            int n = tx.write(Durability.STRICT, c -> {
                List<Long> ids = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("SELECT id FROM messages WHERE tier IN (" + others + ")"
                        + " AND interface_name = ? AND status <> 'pending' AND received_at >= ? ORDER BY id LIMIT " + BATCH + " FOR UPDATE")) {
                    ps.setString(1, interfaceName);
                    ps.setLong(2, since);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) ids.add(rs.getLong(1));
                    }
                }
                if (ids.isEmpty()) return 0;
                java.sql.Array array = c.createArrayOf("bigint", ids.toArray());
                int m;
                try (PreparedStatement ps = c.prepareStatement("UPDATE messages SET tier = ? WHERE tier IN (" + others
                        + ") AND interface_name = ? AND id = ANY (?)")) {
                    ps.setInt(1, tier);
                    ps.setString(2, interfaceName);
                    ps.setArray(3, array);
                    m = ps.executeUpdate();
                }
                try (PreparedStatement ps = c.prepareStatement("UPDATE deliveries SET tier = ? WHERE tier IN (" + others
                        + ") AND message_id = ANY (?)")) {
                    ps.setInt(1, tier);
                    ps.setArray(2, array);
                    ps.executeUpdate();
                }
                return m;
            });
            moved += n;
            if (n < BATCH) return moved;
            PartitionRetention.rest(t);
        }
    }
}
