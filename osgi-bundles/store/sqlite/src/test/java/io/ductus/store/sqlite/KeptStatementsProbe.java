package io.ductus.store.sqlite;

import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.OutcomeWriter;
import io.ductus.store.jdbc.QueueReads;
import io.ductus.store.jdbc.Settlement;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test (run with {@code -Dductus.probe=kept-statements -Dtest=KeptStatementsProbe}): the
 * time per execution of each SQL text the store keeps on the MLLP → store → file path, on a file migrated by
 * the store's own migrations, three ways: the kept statement bound anew (as the driver does at every execute),
 * the kept statement bound anew after {@code clearParameters()} (as {@link CachingConnection}'s close did), and
 * a statement prepared for the run. The rounds alternate the three ways. It also writes the statements and one
 * run's parameters to {@code ductus.probe.out} (when set), for a look at SQLite's re-prepare counter outside
 * the driver.
 */
@EnabledIfSystemProperty(named = "ductus.probe", matches = "kept-statements")
class KeptStatementsProbe {

    private static final int PER_ROUND = Integer.getInteger("ductus.probe.rows", 400);
    private static final int ROUNDS = Integer.getInteger("ductus.probe.rounds", 4);

    enum Way { KEPT, KEPT_CLEARED, FRESH }

    @TempDir
    Path folder;

    /** A statement of the path: its text and how one execution binds (i: the run's row). */
    private record Sql(String name, String text, Binder binder) {
    }

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement ps, long id) throws SQLException;
    }

    private static String field(Class<?> type, String name) throws Exception {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return (String) f.get(null);
    }

    @Test
    void measure() throws Exception {
        Path file = folder.resolve("ductus.db").toAbsolutePath();
        try (JdbcStore store = SqliteStores.open(file)) {
            store.getClass(); // migrated
        }
        Class<?> intake = Class.forName("io.ductus.store.jdbc.IntakeWriter");
        String insertMessage = field(intake, "ONE_WITH_NEXT_ID");
        String insertDelivery = field(intake, "INSERT_DELIVERY");
        byte[] payload = ("MSH|^~\\&|SND|FAC|RCV|FAC|20260101120000||ADT^A01|MSG00001|P|2.5\rPID|1||123456^^^HOSP^MR||DOE^JOHN\r")
                .getBytes(StandardCharsets.US_ASCII);
        long now = System.currentTimeMillis();
        long[] messageOf = new long[1_000_000];
        List<Sql> path = List.of(
                new Sql("intake INSERT messages (one, next id)", insertMessage, (ps, i) -> {
                    ps.setString(1, "adt");
                    ps.setLong(2, now + i);
                    ps.setString(3, "pending");
                    ps.setBytes(4, payload);
                    ps.setString(5, "US-ASCII");
                    ps.setString(6, "123456");
                    ps.setInt(7, (int) (i % 8));
                    ps.setNull(8, Types.VARCHAR);
                    ps.setString(9, "127.0.0.1:4000");
                    ps.setNull(10, Types.BIGINT);
                    ps.setInt(11, 0);
                }),
                new Sql("intake INSERT deliveries (one row)", insertDelivery, (ps, i) -> {
                    ps.setLong(1, messageOf[(int) i]);
                    ps.setString(2, "files");
                    ps.setString(3, "adt");
                    ps.setInt(4, (int) (i % 8));
                    ps.setLong(5, now);
                    ps.setInt(6, 0);
                    ps.setLong(7, now + i);
                }),
                new Sql("queue read PENDING_IN_LANE", QueueReads.PENDING_IN_LANE, (ps, i) -> {
                    ps.setString(1, "adt");
                    ps.setString(2, "files");
                    ps.setInt(3, (int) (i % 8));
                    ps.setInt(4, 32);
                }),
                new Sql("queue read, empty lane, LIMIT ?", QueueReads.PENDING_IN_LANE, (ps, i) -> {
                    ps.setString(1, "adt");
                    ps.setString(2, "files");
                    ps.setInt(3, 99);
                    ps.setInt(4, 32);
                }),
                new Sql("queue read, empty lane, LIMIT 32", QueueReads.PENDING_IN_LANE.replace("LIMIT ?", "LIMIT 32"), (ps, i) -> {
                    ps.setString(1, "adt");
                    ps.setString(2, "files");
                    ps.setInt(3, 99);
                }),
                new Sql("control: status = ? (partial index)", "SELECT message_id FROM deliveries WHERE interface_name = ? AND status = ?",
                        (ps, i) -> {
                            ps.setString(1, "none");
                            ps.setString(2, "pending");
                        }),
                new Sql("OutcomeWriter RETRY", OutcomeWriter.RETRY, (ps, i) -> {
                    ps.setInt(1, 1);
                    ps.setLong(2, now + 1000);
                    ps.setString(3, "busy");
                    ps.setLong(4, now);
                    ps.setNull(5, Types.INTEGER);
                    ps.setLong(6, messageOf[(int) i]);
                    ps.setString(7, "files");
                    ps.setString(8, "adt");
                    ps.setInt(9, 1);
                }),
                new Sql("OutcomeWriter FINISH", OutcomeWriter.FINISH, (ps, i) -> {
                    ps.setString(1, "delivered");
                    ps.setInt(2, 2);
                    ps.setNull(3, Types.VARCHAR);
                    ps.setNull(4, Types.BLOB);
                    ps.setNull(5, Types.VARCHAR);
                    ps.setLong(6, now);
                    ps.setNull(7, Types.INTEGER);
                    ps.setLong(8, messageOf[(int) i]);
                    ps.setString(9, "files");
                    ps.setString(10, "adt");
                    ps.setInt(11, 2);
                }),
                new Sql("Settlement DELIVERY_STATUSES", Settlement.DELIVERY_STATUSES, (ps, i) -> ps.setLong(1, messageOf[(int) i])),
                new Sql("Settlement SETTLE", Settlement.SETTLE, (ps, i) -> {
                    ps.setString(1, "delivered");
                    ps.setLong(2, now);
                    ps.setLong(3, messageOf[(int) i]);
                }));

        Map<String, Map<Way, List<Double>>> us = new LinkedHashMap<>();
        for (Sql s : path) us.put(s.name(), new LinkedHashMap<>());
        try (Connection c = SqliteStores.dataSource(file, true).getConnection()) {
            c.setAutoCommit(false);
            Map<String, PreparedStatement> kept = new LinkedHashMap<>();
            for (Sql s : path) kept.put(s.name(), c.prepareStatement(s.text()));
            int next = 0;
            for (int round = 0; round < ROUNDS + 1; round++) { // round 0: the warm-up, not reported
                for (Way way : Way.values()) {
                    int from = next;
                    next += PER_ROUND;
                    for (Sql s : path) {
                        long spent = 0;
                        for (int i = from; i < from + PER_ROUND; i++) {
                            long t0 = System.nanoTime();
                            PreparedStatement ps = way == Way.FRESH ? c.prepareStatement(s.text()) : kept.get(s.name());
                            s.binder().bind(ps, i);
                            if (ps.execute()) {
                                try (ResultSet rs = ps.getResultSet()) {
                                    while (rs.next()) if (s.text() == insertMessage) messageOf[i] = rs.getLong(1);
                                }
                            }
                            if (way == Way.KEPT_CLEARED) ps.clearParameters();
                            if (way == Way.FRESH) ps.close();
                            spent += System.nanoTime() - t0;
                        }
                        if (round > 0) us.get(s.name()).computeIfAbsent(way, w -> new ArrayList<>()).add(spent / 1000.0 / PER_ROUND);
                    }
                    c.commit();
                }
            }
            for (PreparedStatement ps : kept.values()) ps.close();
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format("load: %s%n", Files.readString(Path.of("/proc/loadavg")).trim()));
        out.append(String.format("%-40s %-28s %-28s %-28s%n", "statement (µs per execution, each round)", "kept, bound anew",
                "kept, clearParameters", "prepared each time"));
        for (var e : us.entrySet()) {
            out.append(String.format("%-40s", e.getKey()));
            for (Way w : Way.values()) out.append(String.format(" %-28s", rounded(e.getValue().get(w))));
            out.append('\n');
        }
        System.out.print(out);
        String target = System.getProperty("ductus.probe.out");
        if (target != null) {
            Files.writeString(Path.of(target + ".txt"), out);
            Files.copy(file, Path.of(target + ".db"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            StringBuilder texts = new StringBuilder();
            for (Sql s : path) texts.append(s.text().replace('\n', ' ')).append('\n');
            Files.writeString(Path.of(target + ".sql"), texts);
        }
        try (Connection c = SqliteStores.dataSource(file, false).getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT sqlite_version()")) {
            rs.next();
            System.out.println("sqlite " + rs.getString(1));
        }
    }

    /**
     * Which part of the queue read makes {@code clearParameters()} cost a new preparation: variants of its text on an
     * empty lane, kept and bound anew against kept and cleared, alternating.
     */
    @Test
    void variants() throws Exception {
        Path file = folder.resolve("ductus.db").toAbsolutePath();
        try (JdbcStore store = SqliteStores.open(file)) {
            store.getClass(); // migrated
        }
        String sub = "SELECT message_id, lane, attempts, next_attempt_at, tier, received_at FROM deliveries"
                + " WHERE interface_name = ? AND destination = ? AND lane = ? AND status = 'pending'";
        Map<String, String> variants = new LinkedHashMap<>();
        variants.put("the queue read as it is", QueueReads.PENDING_IN_LANE);
        variants.put("its subquery alone, LIMIT ?", sub + " ORDER BY message_id LIMIT ?");
        variants.put("its subquery alone, no LIMIT", sub + " ORDER BY message_id");
        variants.put("its subquery alone, no ORDER BY", sub);
        variants.put("the join, subquery without LIMIT", QueueReads.PENDING_IN_LANE.replace(" LIMIT ?", ""));
        variants.put("the join, no outer ORDER BY", QueueReads.PENDING_IN_LANE.replace(") d\n", ") d ").replace("\n            ORDER BY d.message_id", ""));
        variants.put("the join with messages only (no subquery)", "SELECT d.message_id, m.payload FROM deliveries d JOIN messages m"
                + " ON m.id = d.message_id AND m.tier = d.tier AND m.received_at = d.received_at"
                + " WHERE d.interface_name = ? AND d.destination = ? AND d.lane = ? AND d.status = 'pending'");
        variants.put("LANE_HEAD", QueueReads.LANE_HEAD);
        variants.put("delivery statuses of a message", Settlement.DELIVERY_STATUSES);
        StringBuilder out = new StringBuilder(String.format("load: %s%n", Files.readString(Path.of("/proc/loadavg")).trim()));
        try (Connection c = SqliteStores.dataSource(file, false).getConnection()) {
            for (var v : variants.entrySet()) {
                try (PreparedStatement ps = c.prepareStatement(v.getValue())) {
                    int n = ps.getParameterMetaData().getParameterCount();
                    StringBuilder kept = new StringBuilder();
                    StringBuilder cleared = new StringBuilder();
                    for (int round = 0; round < 7; round++) {
                        for (boolean clear : new boolean[]{false, true}) {
                            long t0 = System.nanoTime();
                            for (int i = 0; i < PER_ROUND; i++) {
                                for (int k = 1; k <= n; k++) {
                                    if (k <= 2) ps.setString(k, k == 1 ? "adt" : "files");
                                    else ps.setInt(k, k == 3 ? 99 : 32);
                                }
                                try (ResultSet rs = ps.executeQuery()) {
                                    while (rs.next()) rs.getLong(1);
                                }
                                if (clear) ps.clearParameters();
                            }
                            double us = (System.nanoTime() - t0) / 1000.0 / PER_ROUND;
                            if (round > 0) (clear ? cleared : kept).append(String.format(" %.1f", us));
                        }
                    }
                    out.append(String.format("%-45s kept:%s | cleared:%s%n", v.getKey(), kept, cleared));
                }
            }
        }
        out.append(String.format("load: %s%n", Files.readString(Path.of("/proc/loadavg")).trim()));
        System.out.print(out);
    }

    private static String rounded(List<Double> values) {
        StringBuilder b = new StringBuilder();
        for (double v : values) b.append(b.isEmpty() ? "" : " ").append(String.format("%.1f", v));
        return b.toString();
    }
}
