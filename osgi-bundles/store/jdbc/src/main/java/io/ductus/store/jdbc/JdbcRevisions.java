package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.revision.Draft;
import io.ductus.store.revision.DraftSummary;
import io.ductus.store.revision.NewRevision;
import io.ductus.store.revision.Revision;
import io.ductus.store.revision.RevisionConflictException;
import io.ductus.store.revision.RevisionOrigin;
import io.ductus.store.revision.RevisionStatus;
import io.ductus.store.revision.RevisionStore;
import io.ductus.store.revision.RevisionSummary;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Revisions and drafts in SQL shared by both databases. A deploy's first step numbers the revision
 * after every other of its interface, inside the transaction that checks its base. On SQLite the one
 * writer orders two deploys. On PostgreSQL each first locks the interface's newest revision row
 * ({@link #LOCK}), so the second waits for the first to commit and then sees its revision under way; two
 * deploys of an interface that has no revision yet meet at the primary key instead, and the later is told
 * of the conflict as if it had come second.
 */
final class JdbcRevisions implements RevisionStore {

    private static final String COLUMNS = """
            interface_name, revision, content_hash, status, origin, author, message, based_on, created_at, finished_at, reason""";
    private static final String SETTLED = "('deployed', 'removed')";
    private static final String CURRENT_ALL = "SELECT " + COLUMNS + " FROM interface_revisions r WHERE r.status IN " + SETTLED
            + " AND r.revision = (SELECT MAX(x.revision) FROM interface_revisions x WHERE x.interface_name = r.interface_name"
            + " AND x.status IN " + SETTLED + ") ORDER BY r.interface_name";
    private static final String CURRENT = "SELECT " + COLUMNS + " FROM interface_revisions WHERE interface_name = ? AND status IN "
            + SETTLED + " ORDER BY revision DESC LIMIT 1";
    private static final String UNDER_WAY = "SELECT " + COLUMNS + " FROM interface_revisions WHERE interface_name = ?"
            + " AND status = 'deploying' ORDER BY revision DESC LIMIT 1";
    /** Locks the interface's newest revision row (a no-op write): deploys of one interface go one after the other. */
    private static final String LOCK = "UPDATE interface_revisions SET status = status WHERE interface_name = ? AND revision ="
            + " (SELECT MAX(x.revision) FROM interface_revisions x WHERE x.interface_name = ?)";
    private static final String ALL_UNDER_WAY = "SELECT " + COLUMNS + " FROM interface_revisions WHERE status = 'deploying'"
            + " ORDER BY interface_name, revision";
    private static final String NEXT_ALL = "SELECT interface_name, MAX(revision) FROM interface_revisions GROUP BY interface_name";
    /** How many times a start's revisions are tried again when another engine's start recorded one of them at the same moment. */
    private static final int FOUND_TRIES = 3;
    private static final String NEXT = "SELECT COALESCE(MAX(revision), 0) + 1 FROM interface_revisions WHERE interface_name = ?";
    private static final String INSERT = """
            INSERT INTO interface_revisions (interface_name, revision, created_at, author, config_text, code_text, content_hash,
                                             status, origin, message, based_on, finished_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String INSERT_FILE = "INSERT INTO interface_revision_files (interface_name, revision, path, content) VALUES (?, ?, ?, ?)";
    private static final String FINISH = "UPDATE interface_revisions SET status = ?, finished_at = ?, reason = ?"
            + " WHERE interface_name = ? AND revision = ? AND status = 'deploying'";
    private static final String ONE = "SELECT " + COLUMNS + " FROM interface_revisions WHERE interface_name = ? AND revision = ?"
            + " AND status IS NOT NULL";
    private static final String NEWEST = "SELECT " + COLUMNS + " FROM interface_revisions WHERE interface_name = ? AND status IS NOT NULL"
            + " ORDER BY revision DESC LIMIT ?";
    private static final String OLDER = "SELECT " + COLUMNS + " FROM interface_revisions WHERE interface_name = ? AND status IS NOT NULL"
            + " AND revision < ? ORDER BY revision DESC LIMIT ?";
    private static final String FILES = "SELECT path, content FROM interface_revision_files WHERE interface_name = ? AND revision = ? ORDER BY path";

    private static final String DRAFT = "SELECT base_revision, created_at, updated_at FROM drafts WHERE owner = ? AND interface_name = ?";
    private static final String DRAFT_FILES = "SELECT path, content FROM draft_files WHERE owner = ? AND interface_name = ? ORDER BY path";
    private static final String DRAFTS = """
            SELECT d.interface_name, d.base_revision, d.created_at, d.updated_at,
                   (SELECT COUNT(*) FROM draft_files f WHERE f.owner = d.owner AND f.interface_name = d.interface_name) AS files
            FROM drafts d WHERE d.owner = ? ORDER BY d.interface_name""";
    private static final String SAVE_DRAFT = """
            INSERT INTO drafts (owner, interface_name, base_revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (owner, interface_name) DO UPDATE SET base_revision = excluded.base_revision, updated_at = excluded.updated_at""";
    private static final String CLEAR_DRAFT_FILES = "DELETE FROM draft_files WHERE owner = ? AND interface_name = ?";
    private static final String INSERT_DRAFT_FILE = "INSERT INTO draft_files (owner, interface_name, path, content) VALUES (?, ?, ?, ?)";
    private static final String DELETE_DRAFT = "DELETE FROM drafts WHERE owner = ? AND interface_name = ?";

    private final Transactions transactions;

    JdbcRevisions(Transactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public Map<String, RevisionSummary> current() {
        return transactions.read(JdbcRevisions::currentAll);
    }

    @Override
    public Optional<RevisionSummary> current(String interfaceName) {
        return transactions.read(c -> one(c, CURRENT, interfaceName));
    }

    @Override
    public List<RevisionSummary> underWay() {
        return transactions.read(c -> {
            List<RevisionSummary> all = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(ALL_UNDER_WAY); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) all.add(summary(rs));
            }
            return all;
        });
    }

    @Override
    public List<RevisionSummary> revisions(String interfaceName, Integer before, int limit) {
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(before == null ? NEWEST : OLDER)) {
                ps.setString(1, interfaceName);
                if (before != null) ps.setInt(2, before);
                ps.setInt(before == null ? 2 : 3, limit);
                List<RevisionSummary> list = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) list.add(summary(rs));
                }
                return list;
            }
        });
    }

    @Override
    public Optional<Revision> revision(String interfaceName, int number) {
        return transactions.read(c -> {
            Optional<RevisionSummary> summary;
            try (PreparedStatement ps = c.prepareStatement(ONE)) {
                ps.setString(1, interfaceName);
                ps.setInt(2, number);
                try (ResultSet rs = ps.executeQuery()) {
                    summary = rs.next() ? Optional.of(summary(rs)) : Optional.empty();
                }
            }
            if (summary.isEmpty()) return Optional.empty();
            return Optional.of(new Revision(summary.get(), files(c, FILES, interfaceName, number)));
        });
    }

    @Override
    public RevisionSummary begin(NewRevision revision, Integer base, long now, AuditEntry audit) {
        try {
            return transactions.write(Durability.STRICT, c -> {
                lock(c, revision.interfaceName());
                Optional<RevisionSummary> underWay = one(c, UNDER_WAY, revision.interfaceName());
                if (underWay.isPresent()) {
                    RevisionSummary u = underWay.get();
                    throw new RevisionConflictException("a deploy of " + revision.interfaceName() + " by " + u.author()
                            + " (revision " + u.number() + ") is under way: try again once it is done", u);
                }
                Optional<RevisionSummary> current = one(c, CURRENT, revision.interfaceName());
                checkBase(revision.interfaceName(), base, current);
                int number = next(c, revision.interfaceName());
                insert(c, revision, number, RevisionStatus.DEPLOYING, base, now, null);
                if (audit != null) AccountRows.insertAudit(c, audit);
                return new RevisionSummary(revision.interfaceName(), number, revision.hash(), RevisionStatus.DEPLOYING,
                        revision.origin(), revision.author(), revision.message(), base, now, null, null);
            });
        } catch (StoreException e) {
            if (!duplicateKey(e)) throw e;
            RevisionSummary winner = current(revision.interfaceName()).orElse(null);
            throw new RevisionConflictException("another deploy of " + revision.interfaceName()
                    + " took the next revision number at the same moment: look at its revisions and try again", winner);
        }
    }

    private static void checkBase(String interfaceName, Integer base, Optional<RevisionSummary> current) {
        boolean none = current.isEmpty() || current.get().status() == RevisionStatus.REMOVED;
        if (base == null && none) return;
        if (base != null && current.isPresent() && current.get().number() == base) return;
        RevisionSummary c = current.orElse(null);
        String now = c == null ? "it has none" : "the current one is revision " + c.number() + ", "
                + (c.status() == RevisionStatus.REMOVED ? "its removal" : "deployed") + " by " + c.author() + " at "
                + java.time.Instant.ofEpochMilli(c.finishedAt() == null ? c.createdAt() : c.finishedAt());
        throw new RevisionConflictException((base == null ? "the deploy says " + interfaceName + " is new"
                : "the deploy was made from revision " + base + " of " + interfaceName) + ", but " + now
                + ": look at what changed (its diff), then deploy again from the current revision", c);
    }

    @Override
    public RevisionSummary finish(String interfaceName, int number, boolean done, String reason, long now) {
        return transactions.write(Durability.STRICT, c -> {
            RevisionSummary r = one(c, ONE, interfaceName, number).orElseThrow(() ->
                    new IllegalArgumentException("no revision " + number + " of " + interfaceName));
            RevisionStatus status = !done ? RevisionStatus.FAILED : r.hash() == null || r.hash().isEmpty() ? RevisionStatus.REMOVED
                    : RevisionStatus.DEPLOYED;
            return finish(c, r, status, reason, now);
        });
    }

    private static RevisionSummary finish(Connection c, RevisionSummary r, RevisionStatus status, String reason, long now)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(FINISH)) {
            ps.setString(1, status.dbValue());
            ps.setLong(2, now);
            ps.setString(3, reason);
            ps.setString(4, r.interfaceName());
            ps.setInt(5, r.number());
            if (ps.executeUpdate() == 0) return r; // settled already
        }
        return new RevisionSummary(r.interfaceName(), r.number(), r.hash(), status, r.origin(), r.author(), r.message(), r.basedOn(),
                r.createdAt(), now, reason);
    }

    /** One folder: as every folder of a start is settled ({@link #found(List, long)}). */
    @Override
    public RevisionSummary found(NewRevision onDisk, long now) {
        return found(List.of(onDisk), now).get(onDisk.interfaceName());
    }

    /**
     * Every folder at once: one read finds those that hold their current revision's files with no deploy under way
     * (most starts: nothing to write); the others are settled as {@link #found(NewRevision, long)} settles one, all
     * in one transaction whose statements are batched (locks, settled deploys, new revisions and their files), so a
     * thousand interfaces' start is a handful of round trips and one commit. The locks are taken in name order, so
     * two engines starting at once wait for each other; one that meets the other's new revision at the primary key
     * reads again and finds it.
     */
    @Override
    public Map<String, RevisionSummary> found(List<NewRevision> onDisk, long now) {
        for (int attempt = 1; ; attempt++) {
            try {
                return foundOnce(onDisk, now);
            } catch (StoreException e) {
                if (!duplicateKey(e) || attempt >= FOUND_TRIES) throw e;
            }
        }
    }

    private Map<String, RevisionSummary> foundOnce(List<NewRevision> onDisk, long now) {
        Map<String, RevisionSummary> unchanged = new java.util.HashMap<>();
        List<NewRevision> changed = transactions.read(c -> {
            unchanged.clear(); // a read tried again starts afresh
            Map<String, RevisionSummary> current = currentAll(c);
            Map<String, RevisionSummary> underWay = newestUnderWay(c);
            List<NewRevision> rest = new ArrayList<>();
            for (NewRevision r : onDisk) {
                RevisionSummary cur = current.get(r.interfaceName());
                if (!underWay.containsKey(r.interfaceName()) && cur != null && r.hash().equals(cur.hash())) {
                    unchanged.put(r.interfaceName(), cur);
                } else {
                    rest.add(r);
                }
            }
            return rest;
        });
        Map<String, RevisionSummary> written = changed.isEmpty() ? Map.of()
                : transactions.write(Durability.STRICT, c -> settle(c, changed, now));
        Map<String, RevisionSummary> found = new LinkedHashMap<>();
        for (NewRevision r : onDisk) {
            RevisionSummary s = unchanged.get(r.interfaceName());
            found.put(r.interfaceName(), s != null ? s : written.get(r.interfaceName()));
        }
        return found;
    }

    /** {@link #found(NewRevision, long)}'s write for each of these folders, in the transaction of {@code c}, batched. */
    private static Map<String, RevisionSummary> settle(Connection c, List<NewRevision> folders, long now) throws SQLException {
        List<NewRevision> sorted = new ArrayList<>(folders);
        sorted.sort(java.util.Comparator.comparing(NewRevision::interfaceName));
        try (PreparedStatement ps = c.prepareStatement(LOCK)) {
            for (NewRevision r : sorted) {
                ps.setString(1, r.interfaceName());
                ps.setString(2, r.interfaceName());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        Map<String, RevisionSummary> underWay = newestUnderWay(c);
        Map<String, RevisionSummary> current = currentAll(c);
        Map<String, Integer> newest = new java.util.HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(NEXT_ALL); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) newest.put(rs.getString(1), rs.getInt(2));
        }
        Map<String, RevisionSummary> found = new java.util.HashMap<>();
        List<RevisionSummary> finishedDeployed = new ArrayList<>();
        List<RevisionSummary> finishedFailed = new ArrayList<>();
        List<NewRevision> inserts = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        List<Integer> bases = new ArrayList<>();
        for (NewRevision r : sorted) {
            String name = r.interfaceName();
            RevisionSummary u = underWay.get(name);
            if (u != null && r.hash().equals(u.hash())) {
                finishedDeployed.add(u);
                found.put(name, new RevisionSummary(name, u.number(), u.hash(), RevisionStatus.DEPLOYED, u.origin(), u.author(),
                        u.message(), u.basedOn(), u.createdAt(), now, COMPLETED_AT_START));
                continue;
            }
            if (u != null) finishedFailed.add(u);
            RevisionSummary cur = current.get(name);
            if (cur != null && r.hash().equals(cur.hash())) {
                found.put(name, cur);
                continue;
            }
            int number = newest.getOrDefault(name, 0) + 1;
            Integer base = cur == null ? null : cur.number();
            inserts.add(r);
            numbers.add(number);
            bases.add(base);
            found.put(name, new RevisionSummary(name, number, r.hash(), RevisionStatus.DEPLOYED, r.origin(), r.author(), r.message(),
                    base, now, now, null));
        }
        finishAll(c, finishedDeployed, RevisionStatus.DEPLOYED, COMPLETED_AT_START, now);
        finishAll(c, finishedFailed, RevisionStatus.FAILED, FAILED_AT_START, now);
        insertAll(c, inserts, numbers, bases, RevisionStatus.DEPLOYED, now, now);
        return found;
    }

    private static final String COMPLETED_AT_START = "completed at the next start: the engine stopped during the deploy, after the files"
            + " were written";
    private static final String FAILED_AT_START = "the engine stopped during the deploy, before the files were written; the project"
            + " folder kept the files before it";

    private static Map<String, RevisionSummary> currentAll(Connection c) throws SQLException {
        Map<String, RevisionSummary> all = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(CURRENT_ALL); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                RevisionSummary r = summary(rs);
                all.put(r.interfaceName(), r);
            }
        }
        return all;
    }

    /** Each interface's newest deploy under way (what {@link #UNDER_WAY} finds for one). */
    private static Map<String, RevisionSummary> newestUnderWay(Connection c) throws SQLException {
        Map<String, RevisionSummary> all = new java.util.HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(ALL_UNDER_WAY); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                RevisionSummary r = summary(rs);
                all.put(r.interfaceName(), r); // ordered by revision: the newest stays
            }
        }
        return all;
    }

    private static void finishAll(Connection c, List<RevisionSummary> settled, RevisionStatus status, String reason, long now)
            throws SQLException {
        if (settled.isEmpty()) return;
        try (PreparedStatement ps = c.prepareStatement(FINISH)) {
            for (RevisionSummary r : settled) {
                ps.setString(1, status.dbValue());
                ps.setLong(2, now);
                ps.setString(3, reason);
                ps.setString(4, r.interfaceName());
                ps.setInt(5, r.number());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public Optional<RevisionSummary> gone(String interfaceName, long now) {
        return transactions.write(Durability.STRICT, c -> {
            lock(c, interfaceName);
            Optional<RevisionSummary> underWay = one(c, UNDER_WAY, interfaceName);
            if (underWay.isPresent() && (underWay.get().hash() == null || underWay.get().hash().isEmpty())) {
                return Optional.of(finish(c, underWay.get(), RevisionStatus.REMOVED, "completed at the next start: the engine"
                        + " stopped during the removal, after the folder was gone", now));
            }
            if (underWay.isPresent()) {
                finish(c, underWay.get(), RevisionStatus.FAILED, "the engine stopped during the deploy, before the folder was"
                        + " written", now);
            }
            Optional<RevisionSummary> current = one(c, CURRENT, interfaceName);
            if (current.isEmpty() || current.get().status() == RevisionStatus.REMOVED) return Optional.empty();
            int number = next(c, interfaceName);
            NewRevision removal = new NewRevision(interfaceName, "", Map.of(), RevisionOrigin.START, "engine",
                    "its folder was gone from interfaces/ at start", true);
            insert(c, removal, number, RevisionStatus.REMOVED, current.get().number(), now, now);
            return Optional.of(new RevisionSummary(interfaceName, number, "", RevisionStatus.REMOVED, RevisionOrigin.START, "engine",
                    removal.message(), current.get().number(), now, now, null));
        });
    }

    private static void lock(Connection c, String interfaceName) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(LOCK)) {
            ps.setString(1, interfaceName);
            ps.setString(2, interfaceName);
            ps.executeUpdate();
        }
    }

    private static int next(Connection c, String interfaceName) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(NEXT)) {
            ps.setString(1, interfaceName);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static void insert(Connection c, NewRevision r, int number, RevisionStatus status, Integer basedOn, long now,
                               Long finishedAt) throws SQLException {
        insertAll(c, List.of(r), List.of(number), java.util.Collections.singletonList(basedOn), status, now, finishedAt);
    }

    /** New revisions (each with its number and base) and their files, in two batched statements. */
    private static void insertAll(Connection c, List<NewRevision> revisions, List<Integer> numbers, List<Integer> bases,
                                  RevisionStatus status, long now, Long finishedAt) throws SQLException {
        if (revisions.isEmpty()) return;
        boolean files = false;
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int i = 0; i < revisions.size(); i++) {
                NewRevision r = revisions.get(i);
                Integer basedOn = bases.get(i);
                String yaml = text(r.files().get(io.ductus.core.revision.InterfaceFiles.interfaceFile(r.interfaceName())));
                String code = text(r.files().get(io.ductus.core.revision.InterfaceFiles.moduleFile(r.interfaceName())));
                ps.setString(1, r.interfaceName());
                ps.setInt(2, numbers.get(i));
                ps.setLong(3, now);
                ps.setString(4, r.author());
                ps.setString(5, yaml == null ? "" : yaml); // config_text and code_text: what V1 named them, kept for any reader
                ps.setString(6, code);
                ps.setString(7, r.hash());
                ps.setString(8, status.dbValue());
                ps.setString(9, r.origin().dbValue());
                ps.setString(10, r.message());
                if (basedOn == null) ps.setNull(11, Types.INTEGER);
                else ps.setInt(11, basedOn);
                if (finishedAt == null) ps.setNull(12, Types.BIGINT);
                else ps.setLong(12, finishedAt);
                ps.addBatch();
                files |= !r.files().isEmpty();
            }
            ps.executeBatch();
        }
        if (!files) return;
        try (PreparedStatement ps = c.prepareStatement(INSERT_FILE)) {
            for (int i = 0; i < revisions.size(); i++) {
                NewRevision r = revisions.get(i);
                for (Map.Entry<String, byte[]> f : r.files().entrySet()) {
                    ps.setString(1, r.interfaceName());
                    ps.setInt(2, numbers.get(i));
                    ps.setString(3, f.getKey());
                    ps.setBytes(4, f.getValue());
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static Optional<RevisionSummary> one(Connection c, String sql, String interfaceName, Object... more) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, interfaceName);
            for (int i = 0; i < more.length; i++) ps.setObject(i + 2, more[i]);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(summary(rs)) : Optional.empty();
            }
        }
    }

    private static RevisionSummary summary(ResultSet rs) throws SQLException {
        return new RevisionSummary(rs.getString("interface_name"), rs.getInt("revision"), rs.getString("content_hash"),
                RevisionStatus.of(rs.getString("status")), RevisionOrigin.of(rs.getString("origin")), rs.getString("author"),
                rs.getString("message"), Rows.nullableInteger(rs, "based_on"), rs.getLong("created_at"),
                Rows.nullableLong(rs, "finished_at"), rs.getString("reason"));
    }

    private static Map<String, byte[]> files(Connection c, String sql, String first, Object second) throws SQLException {
        Map<String, byte[]> files = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, first);
            ps.setObject(2, second);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) files.put(rs.getString(1), rs.getBytes(2));
            }
        }
        return files;
    }

    /** A primary key met twice: SQLSTATE 23505 on PostgreSQL, SQLITE_CONSTRAINT on SQLite. */
    private static boolean duplicateKey(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && ("23505".equals(s.getSQLState()) || s.getErrorCode() == 19
                    || s.getErrorCode() == 1555)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Optional<Draft> draft(String owner, String interfaceName) {
        return transactions.read(c -> readDraft(c, owner, interfaceName));
    }

    private static Optional<Draft> readDraft(Connection c, String owner, String interfaceName) throws SQLException {
        Integer base;
        long created;
        long updated;
        try (PreparedStatement ps = c.prepareStatement(DRAFT)) {
            ps.setString(1, owner);
            ps.setString(2, interfaceName);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                base = Rows.nullableInteger(rs, "base_revision");
                created = rs.getLong("created_at");
                updated = rs.getLong("updated_at");
            }
        }
        return Optional.of(new Draft(owner, interfaceName, base, files(c, DRAFT_FILES, owner, interfaceName), created, updated));
    }

    @Override
    public List<DraftSummary> drafts(String owner) {
        return transactions.read(c -> {
            List<DraftSummary> list = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(DRAFTS)) {
                ps.setString(1, owner);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        list.add(new DraftSummary(owner, rs.getString("interface_name"), Rows.nullableInteger(rs, "base_revision"),
                                rs.getInt("files"), rs.getLong("created_at"), rs.getLong("updated_at")));
                    }
                }
            }
            return list;
        });
    }

    /** Strict: a draft is what someone typed, and must survive whatever happens to the engine next. */
    @Override
    public Draft saveDraft(String owner, String interfaceName, Integer baseRevision, Map<String, byte[]> files, long now) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(SAVE_DRAFT)) {
                ps.setString(1, owner);
                ps.setString(2, interfaceName);
                if (baseRevision == null) ps.setNull(3, Types.INTEGER);
                else ps.setInt(3, baseRevision);
                ps.setLong(4, now);
                ps.setLong(5, now);
                ps.executeUpdate();
            }
            clearDraftFiles(c, owner, interfaceName);
            try (PreparedStatement ps = c.prepareStatement(INSERT_DRAFT_FILE)) {
                for (Map.Entry<String, byte[]> f : files.entrySet()) {
                    ps.setString(1, owner);
                    ps.setString(2, interfaceName);
                    ps.setString(3, f.getKey());
                    ps.setBytes(4, f.getValue());
                    ps.addBatch();
                }
                if (!files.isEmpty()) ps.executeBatch();
            }
            return readDraft(c, owner, interfaceName).orElseThrow();
        });
    }

    private static void clearDraftFiles(Connection c, String owner, String interfaceName) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(CLEAR_DRAFT_FILES)) {
            ps.setString(1, owner);
            ps.setString(2, interfaceName);
            ps.executeUpdate();
        }
    }

    @Override
    public boolean deleteDraft(String owner, String interfaceName) {
        return transactions.write(Durability.STRICT, c -> {
            clearDraftFiles(c, owner, interfaceName);
            try (PreparedStatement ps = c.prepareStatement(DELETE_DRAFT)) {
                ps.setString(1, owner);
                ps.setString(2, interfaceName);
                return ps.executeUpdate() > 0;
            }
        });
    }
}
