package io.ductus.store.jdbc;

import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.PendingDelivery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/** The reads workers and health checks make on the queue; each one is a bounded index range scan. */
public final class QueueReads {

    /**
     * One lane of one destination, oldest first. The inner query is served by the partial index
     * {@code deliveries_pending} (interface, destination, lane, message_id): equality on the first three,
     * order from the fourth, so it reads at most {@code limit} index entries however many wait; only then
     * are those few messages looked up by primary key, with the delivery's tier and time (the message's:
     * PostgreSQL then probes the one leaf that holds it, not every partition). (Joining first would let a planner walk the
     * messages table in id order from its oldest row.) The query-plan tests assert this on both databases.
     */
    public static final String PENDING_IN_LANE = """
            SELECT d.message_id, d.lane, d.attempts, d.next_attempt_at, m.received_at, m.payload, m.charset,
                   m.ordering_key, m.source_info
            FROM (SELECT message_id, lane, attempts, next_attempt_at, tier, received_at FROM deliveries
                  WHERE interface_name = ? AND destination = ? AND lane = ? AND status = 'pending'
                  ORDER BY message_id LIMIT ?) d
            JOIN messages m ON m.id = d.message_id AND m.tier = d.tier AND m.received_at = d.received_at
            ORDER BY d.message_id""";
    /**
     * PostgreSQL: {@link #PENDING_IN_LANE} for every lane of a set in one statement, the same index range per lane
     * (a LATERAL subquery per row of a VALUES list of the lanes; {@link #pendingInLanes}). One statement instead of
     * one per lane: a worker's read found most of its lanes empty, and each statement on the partitioned tables
     * starts an executor over every leaf (on 1,001 interfaces and 8 lanes, 3.8 queue reads per message were
     * PostgreSQL's largest cost per message). A VALUES list, not an array: its rows are as many in the generic plan
     * as in a custom one, so PostgreSQL keeps the generic plan (with {@code unnest(?)} it estimated 100 lanes
     * generically and planned every read anew, 7.6 ms each).
     */
    private static final String PENDING_IN_LANES = """
            SELECT d.message_id, d.lane, d.attempts, d.next_attempt_at, m.received_at, m.payload, m.charset,
                   m.ordering_key, m.source_info
            FROM (VALUES %s) AS l(lane)
            CROSS JOIN LATERAL (SELECT message_id, lane, attempts, next_attempt_at, tier, received_at FROM deliveries
                                WHERE interface_name = ? AND destination = ? AND deliveries.lane = l.lane
                                  AND status = 'pending'
                                ORDER BY message_id LIMIT ?) d
            JOIN messages m ON m.id = d.message_id AND m.tier = d.tier AND m.received_at = d.received_at
            ORDER BY d.message_id""";
    private static final Map<Integer, String> PENDING_IN_LANES_BY_COUNT = new ConcurrentHashMap<>();

    /** {@link #PENDING_IN_LANES} for {@code lanes} lanes: their numbers, then interface, destination and the limit per lane. */
    public static String pendingInLanes(int lanes) {
        return PENDING_IN_LANES_BY_COUNT.computeIfAbsent(lanes,
                n -> PENDING_IN_LANES.formatted(String.join(", ", Collections.nCopies(n, "(?)"))));
    }

    /** Counted from the two partial indexes, which hold only pending and only quarantined rows. */
    public static final String PENDING_COUNTS = """
            SELECT interface_name, destination, COUNT(*) FROM deliveries WHERE status = 'pending'
            GROUP BY interface_name, destination""";
    public static final String QUARANTINED_COUNTS = """
            SELECT interface_name, destination, COUNT(*) FROM deliveries WHERE status = 'quarantined'
            GROUP BY interface_name, destination""";

    /** One lane's first pending delivery: an index seek (interface, destination, lane), then one row by primary key. */
    public static final String LANE_HEAD = """
            SELECT d.message_id, d.attempts, d.last_error, m.ordering_key, m.received_at
            FROM (SELECT message_id, attempts, last_error, tier, received_at FROM deliveries
                  WHERE interface_name = ? AND destination = ? AND lane = ? AND status = 'pending'
                  ORDER BY message_id LIMIT 1) d
            JOIN messages m ON m.id = d.message_id AND m.tier = d.tier AND m.received_at = d.received_at""";
    /** Pending deliveries per lane of one destination, from its part of the partial queue index. */
    public static final String LANE_COUNTS = """
            SELECT lane, COUNT(*) FROM deliveries WHERE interface_name = ? AND destination = ? AND status = 'pending'
            GROUP BY lane ORDER BY lane""";

    private QueueReads() {
    }

    static List<io.ductus.store.LaneHead> laneHeads(Connection c, DestinationRef destination, java.util.Collection<Integer> lanes)
            throws SQLException {
        List<io.ductus.store.LaneHead> heads = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(LANE_HEAD)) {
            for (int lane : lanes) {
                ps.setString(1, destination.interfaceName());
                ps.setString(2, destination.destination());
                ps.setInt(3, lane);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        heads.add(new io.ductus.store.LaneHead(lane, rs.getLong(1), rs.getString(4), rs.getInt(2), rs.getString(3),
                                rs.getLong(5)));
                    }
                }
            }
        }
        return heads;
    }

    static List<io.ductus.store.LaneLoad> laneLoads(Connection c, DestinationRef destination) throws SQLException {
        Map<Integer, Long> counts = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(LANE_COUNTS)) {
            ps.setString(1, destination.interfaceName());
            ps.setString(2, destination.destination());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) counts.put(rs.getInt(1), rs.getLong(2));
            }
        }
        List<io.ductus.store.LaneLoad> loads = new ArrayList<>();
        for (io.ductus.store.LaneHead head : laneHeads(c, destination, counts.keySet())) {
            loads.add(new io.ductus.store.LaneLoad(head.lane(), counts.get(head.lane()), head));
        }
        return loads;
    }

    static List<PendingDelivery> pending(Connection c, Dialect dialect, DestinationRef destination, Set<Integer> lanes,
                                         int limitPerLane) throws SQLException {
        List<PendingDelivery> all = new ArrayList<>();
        if (dialect == Dialect.POSTGRES && lanes.size() > 1) {
            try (PreparedStatement ps = c.prepareStatement(pendingInLanes(lanes.size()))) {
                int p = 1;
                for (int lane : new TreeSet<>(lanes)) ps.setInt(p++, lane);
                ps.setString(p++, destination.interfaceName());
                ps.setString(p++, destination.destination());
                ps.setInt(p, limitPerLane);
                read(ps, destination, all);
            }
            return all;
        }
        try (PreparedStatement ps = c.prepareStatement(PENDING_IN_LANE)) {
            for (int lane : new TreeSet<>(lanes)) {
                ps.setString(1, destination.interfaceName());
                ps.setString(2, destination.destination());
                ps.setInt(3, lane);
                ps.setInt(4, limitPerLane);
                read(ps, destination, all);
            }
        }
        all.sort(Comparator.comparingLong(PendingDelivery::messageId));
        return all;
    }

    private static void read(PreparedStatement ps, DestinationRef destination, List<PendingDelivery> into) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                into.add(new PendingDelivery(rs.getLong("message_id"), destination, rs.getInt("lane"),
                        rs.getInt("attempts"), Rows.nullableLong(rs, "next_attempt_at"),
                        rs.getLong("received_at"), rs.getBytes("payload"), rs.getString("charset"),
                        rs.getString("ordering_key"), rs.getString("source_info")));
            }
        }
    }

    static List<DestinationCounts> counts(Connection c) throws SQLException {
        Map<DestinationRef, long[]> counts = new LinkedHashMap<>();
        count(c, PENDING_COUNTS, counts, 0);
        count(c, QUARANTINED_COUNTS, counts, 1);
        List<DestinationCounts> result = new ArrayList<>();
        counts.forEach((ref, n) -> result.add(new DestinationCounts(ref, n[0], n[1])));
        result.sort(Comparator.comparing((DestinationCounts d) -> d.destination().interfaceName())
                .thenComparing(d -> d.destination().destination()));
        return result;
    }

    private static void count(Connection c, String sql, Map<DestinationRef, long[]> counts, int slot)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                DestinationRef ref = new DestinationRef(rs.getString(1), rs.getString(2));
                counts.computeIfAbsent(ref, r -> new long[2])[slot] = rs.getLong(3);
            }
        }
    }
}
