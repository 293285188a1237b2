package io.ductus.store.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies the WAL back into the database file on its own connection and thread, so that no commit pays for
 * it. SQLite's automatic checkpoint runs inside the commit that crosses the WAL size limit, and while
 * readers keep it from finishing it is tried again by every later commit, each time syncing the database
 * file. With this one, the writer's connection has automatic checkpoints switched off.
 *
 * <p>A PASSIVE checkpoint never blocks the writer or readers; once it has copied everything, the next write
 * starts the WAL over from its beginning. Under steady writing it never copies everything on its own,
 * since commits keep adding frames while it copies, and the WAL would grow without end (each commit then
 * also pays for the file's new blocks). So after copying the bulk in the background, the checkpointer
 * copies the few frames added meanwhile between two commits of the writer: that takes a moment of the
 * writer's time, and the WAL starts over at the next write (see {@link #copy()}).
 */
final class Checkpointer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Checkpointer.class);

    /**
     * The WAL starts over once it holds this many frames (4 MB of 4 KB pages) while commits are synced: each
     * commit's sync then leaves little for the start-over's two syncs, and a short WAL is written over
     * blocks the file already has (appending makes every sync also record the file's new size: one
     * message per commit went 8 % slower with a 32 MB WAL, bench/run store-commit).
     */
    private static final int RESTART_FRAMES = 1024;
    /**
     * While commits are relaxed (a bulk load) it starts over at 32 MB: nothing but the checkpoint syncs the
     * WAL then, so each start-over holds the writer 5-15 ms, which at 4 MB took 6 % of the writer's time
     * (bench/run file-ingest) and at 32 MB 2 %. A long WAL costs readers nothing: they search only the
     * frames not yet copied back.
     */
    private static final int RELAXED_RESTART_FRAMES = 8192;
    /** Few enough frames to copy while the writer waits. */
    private static final int TAIL_FRAMES = 256;
    private static final int MAX_BACKGROUND_PASSES = 4;

    private final Connection connection;
    private final GroupCommitWriter writer;
    private final long intervalNanos;
    private final Thread thread;
    private volatile boolean running = true;

    Checkpointer(Connection connection, GroupCommitWriter writer, long intervalMillis) {
        this.connection = connection;
        this.writer = writer;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        this.thread = Thread.ofPlatform().name("ductus-sqlite-checkpoint").daemon(true).start(this::run);
    }

    private void run() {
        while (running) {
            long next = System.nanoTime() + intervalNanos;
            try {
                copy();
            } catch (SQLException | RuntimeException e) {
                if (running) LOG.warn("WAL checkpoint failed (tried again shortly): {}", e.getMessage());
            }
            long left = next - System.nanoTime();
            if (left > 0) LockSupport.parkNanos(left);
        }
    }

    /**
     * Copies the WAL in the background, pass after pass: each pass copies what commits added during the one
     * before (a pass's frame count is the WAL's as the pass began), so passes shrink while copying outpaces
     * writing. Once the WAL is large enough to be worth starting over, the last few frames are copied
     * between two commits of the writer, so that the next commit starts the WAL over.
     */
    private void copy() throws SQLException {
        int frames = checkpoint(connection, "PASSIVE");
        for (int pass = 1; pass < MAX_BACKGROUND_PASSES && frames > 0; pass++) {
            int before = frames;
            frames = checkpoint(connection, "PASSIVE");
            if (frames <= before + TAIL_FRAMES) break; // few added meanwhile, or the WAL started over
        }
        if (frames >= (writer.committingRelaxed() ? RELAXED_RESTART_FRAMES : RESTART_FRAMES)) {
            writer.betweenCommits(c -> checkpoint(c, "PASSIVE"));
        }
    }

    /** Runs a checkpoint on {@code c}; returns the frames in the WAL as it ran. */
    private static int checkpoint(Connection c, String mode) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(" + mode + ")")) {
            return rs.next() ? rs.getInt(2) : 0;
        }
    }

    /** Stops copying in the background; called before the writer closes, so the thread never waits on a closed one. */
    void stop() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.NANOSECONDS.toMillis(intervalNanos) + 5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the thread, then copies everything and empties the WAL file while nothing else writes. */
    @Override
    public void close() {
        stop();
        try {
            checkpoint(connection, "TRUNCATE");
        } catch (SQLException e) {
            LOG.debug("final WAL checkpoint: {}", e.getMessage());
        }
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("closing the checkpoint connection: {}", e.getMessage());
        }
    }
}
