package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.replay.Original;
import io.ductus.store.replay.ReplayJob;
import io.ductus.store.replay.ReplayRow;
import io.ductus.store.replay.ReplayStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replay's reads and results in SQL shared by both databases. Originals come from the interface's messages
 * by id (messages_by_interface), a page at a time, and their deliveries from the deliveries' primary key over
 * the page's id range: two statements in one read-only transaction.
 */
final class JdbcReplays implements ReplayStore {

    private static final String ORIGINALS = """
            SELECT id, received_at, payload, charset, source_info FROM messages
            WHERE interface_name = ? AND id > ? AND received_at >= ? AND received_at < ? AND status <> 'duplicate'
            ORDER BY id LIMIT ?""";
    private static final String RECORDS = """
            SELECT message_id, destination, status, last_error, output, output_charset, revision FROM deliveries
            WHERE message_id >= ? AND message_id <= ? AND interface_name = ? ORDER BY message_id, destination""";
    private static final String CREATE = "INSERT INTO replay_jobs (created_by, created_at, status, request) VALUES (?, ?, 'running', ?) RETURNING id";
    private static final String SUMMARY = "UPDATE replay_jobs SET summary = ? WHERE id = ?";
    private static final String FINISH = "UPDATE replay_jobs SET status = ?, summary = ?, finished_at = ? WHERE id = ?";
    private static final String INSERT_ROW = """
            INSERT INTO replay_rows (job_id, message_id, destination, interface_name, kind, fields, detail) VALUES (?, ?, ?, ?, ?, ?, ?)""";
    private static final String JOB_COLUMNS = "id, created_by, created_at, finished_at, status, request, summary";
    private static final String ABANDON = "UPDATE replay_jobs SET status = 'failed', finished_at = ? WHERE status = 'running'";

    private final Transactions transactions;

    JdbcReplays(Transactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public List<Original> originals(String interfaceName, long from, long to, long afterId, int limit) {
        return transactions.read(c -> {
            List<long[]> heads = new ArrayList<>();
            List<Object[]> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(ORIGINALS)) {
                ps.setString(1, interfaceName);
                ps.setLong(2, afterId);
                ps.setLong(3, from);
                ps.setLong(4, to);
                ps.setInt(5, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        heads.add(new long[] {rs.getLong(1), rs.getLong(2)});
                        rows.add(new Object[] {rs.getBytes(3), rs.getString(4), rs.getString(5)});
                    }
                }
            }
            if (heads.isEmpty()) return List.of();
            Map<Long, List<Original.Recorded>> records = records(c, interfaceName, heads.getFirst()[0], heads.getLast()[0]);
            List<Original> page = new ArrayList<>(heads.size());
            for (int i = 0; i < heads.size(); i++) {
                long id = heads.get(i)[0];
                Object[] r = rows.get(i);
                page.add(new Original(id, interfaceName, heads.get(i)[1], (byte[]) r[0], (String) r[1], (String) r[2],
                        records.getOrDefault(id, List.of())));
            }
            return page;
        });
    }

    private static Map<Long, List<Original.Recorded>> records(Connection c, String interfaceName, long first, long last) throws SQLException {
        Map<Long, List<Original.Recorded>> byMessage = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(RECORDS)) {
            ps.setLong(1, first);
            ps.setLong(2, last);
            ps.setString(3, interfaceName);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int revision = rs.getInt(7);
                    Integer rev = rs.wasNull() ? null : revision;
                    byMessage.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(new Original.Recorded(rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getBytes(5), rs.getString(6), rev));
                }
            }
        }
        return byMessage;
    }

    @Override
    public long count(String interfaceName, long from, long to) {
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM messages WHERE interface_name = ? AND received_at >= ?"
                    + " AND received_at < ? AND status <> 'duplicate'")) {
                ps.setString(1, interfaceName);
                ps.setLong(2, from);
                ps.setLong(3, to);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    @Override
    public long create(String createdBy, String request, long now) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(CREATE)) {
                ps.setString(1, createdBy);
                ps.setLong(2, now);
                ps.setString(3, request);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) throw new SQLException("INSERT ... RETURNING id returned no row");
                    return rs.getLong(1);
                }
            }
        });
    }

    @Override
    public void save(long jobId, List<ReplayRow> rows, String summary) {
        if (rows.isEmpty() && summary == null) return;
        transactions.write(Durability.RELAXED, c -> {
            if (!rows.isEmpty()) {
                try (PreparedStatement ps = c.prepareStatement(INSERT_ROW)) {
                    for (ReplayRow r : rows) {
                        ps.setLong(1, jobId);
                        ps.setLong(2, r.messageId());
                        ps.setString(3, r.destination());
                        ps.setString(4, r.interfaceName());
                        ps.setString(5, r.kind());
                        ps.setString(6, r.fields().isEmpty() ? " " : " " + String.join(" ", r.fields()) + " ");
                        ps.setString(7, r.detail());
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
            if (summary != null) {
                try (PreparedStatement ps = c.prepareStatement(SUMMARY)) {
                    ps.setString(1, summary);
                    ps.setLong(2, jobId);
                    ps.executeUpdate();
                }
            }
            return null;
        });
    }

    @Override
    public void finish(long jobId, String status, String summary, long now) {
        transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(FINISH)) {
                ps.setString(1, status);
                ps.setString(2, summary);
                ps.setLong(3, now);
                ps.setLong(4, jobId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public Optional<ReplayJob> job(long id) {
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + JOB_COLUMNS + " FROM replay_jobs WHERE id = ?")) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(job(rs)) : Optional.<ReplayJob>empty();
                }
            }
        });
    }

    @Override
    public List<ReplayJob> jobs(int limit) {
        return transactions.read(c -> {
            List<ReplayJob> jobs = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + JOB_COLUMNS + " FROM replay_jobs ORDER BY id DESC LIMIT ?")) {
                ps.setInt(1, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) jobs.add(job(rs));
                }
            }
            return jobs;
        });
    }

    private static ReplayJob job(ResultSet rs) throws SQLException {
        long finished = rs.getLong(4);
        Long finishedAt = rs.wasNull() ? null : finished;
        return new ReplayJob(rs.getLong(1), rs.getString(2), rs.getLong(3), finishedAt, rs.getString(5), rs.getString(6), rs.getString(7));
    }

    @Override
    public List<ReplayRow> rows(long jobId, String kind, String destination, String field, long afterMessageId, String afterDestination,
                                int limit) {
        StringBuilder sql = new StringBuilder("SELECT message_id, destination, interface_name, kind, fields, detail FROM replay_rows WHERE job_id = ?"
                + " AND (message_id > ? OR (message_id = ? AND destination > ?))");
        List<Object> args = new ArrayList<>(List.of(jobId, afterMessageId, afterMessageId, afterDestination == null ? "" : afterDestination));
        if (kind != null) {
            sql.append(" AND kind = ?");
            args.add(kind);
        }
        if (destination != null) {
            sql.append(" AND destination = ?");
            args.add(destination);
        }
        if (field != null) {
            sql.append(" AND fields LIKE ?");
            args.add("% " + field.replace("%", "").replace("_", "") + " %");
        }
        sql.append(" ORDER BY message_id, destination LIMIT ?");
        args.add(limit);
        return transactions.read(c -> {
            List<ReplayRow> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                for (int i = 0; i < args.size(); i++) {
                    Object a = args.get(i);
                    if (a instanceof Long l) ps.setLong(i + 1, l);
                    else if (a instanceof Integer n) ps.setInt(i + 1, n);
                    else if (a == null) ps.setNull(i + 1, Types.VARCHAR);
                    else ps.setString(i + 1, a.toString());
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        List<String> fields = Arrays.stream(rs.getString(5).strip().split(" ")).filter(f -> !f.isEmpty()).toList();
                        rows.add(new ReplayRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), fields, rs.getString(6)));
                    }
                }
            }
            return rows;
        });
    }

    @Override
    public int abandon(long now) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(ABANDON)) {
                ps.setLong(1, now);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public int purge(long before) {
        return transactions.write(Durability.RELAXED, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "DELETE FROM replay_rows WHERE job_id IN (SELECT id FROM replay_jobs WHERE created_at < ? AND status <> 'running')")) {
                ps.setLong(1, before);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM replay_jobs WHERE created_at < ? AND status <> 'running'")) {
                ps.setLong(1, before);
                return ps.executeUpdate();
            }
        });
    }
}
