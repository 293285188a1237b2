package io.ductus.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first caller, leading, is held inside its own work while others queue up behind it; when it is let
 * go, everything queued is the next batch. That makes "one transaction for concurrent callers" observable
 * without timing luck.
 */
class GroupCommitWriterTest {

    @TempDir
    Path folder;

    private GroupCommitWriter writer;
    private Connection observer;
    private final ExecutorService callers = Executors.newCachedThreadPool();

    @BeforeEach
    void open() throws SQLException {
        Path file = folder.resolve("t.db");
        Connection c = SqliteStores.dataSource(file, true).getConnection();
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (caller INTEGER NOT NULL UNIQUE)");
        }
        writer = new GroupCommitWriter(c, 256, TimeUnit.MILLISECONDS.toNanos(1));
        observer = SqliteStores.dataSource(file, false).getConnection();
    }

    @AfterEach
    void close() throws SQLException {
        callers.shutdownNow();
        writer.close();
        observer.close();
    }

    @Test
    void commits_concurrent_callers_in_one_transaction() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Integer> first = callHeld(0, hold);
        Thread.sleep(50); // the first caller now leads and is inside its own work
        List<CompletableFuture<Integer>> rest = new ArrayList<>();
        for (int i = 1; i <= 15; i++) {
            rest.add(callInserting(i));
        }
        Thread.sleep(100); // all fifteen are queued behind the held writer
        long before = writer.commits();
        hold.countDown();
        first.get(5, TimeUnit.SECONDS);
        for (CompletableFuture<Integer> f : rest) f.get(5, TimeUnit.SECONDS);
        assertThat(writer.commits() - before).as("commits for sixteen callers").isEqualTo(2);
        assertThat(count()).isEqualTo(16);
    }

    @Test
    void releases_callers_only_after_their_commit() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Integer> held = callHeld(1, hold);
        Thread.sleep(100);
        assertThat(held).isNotDone();
        assertThat(count()).as("another connection sees nothing before the commit").isZero();
        hold.countDown();
        held.get(5, TimeUnit.SECONDS);
        assertThat(count()).isEqualTo(1);
    }

    @Test
    void a_failing_caller_is_rolled_back_alone_and_its_batch_commits() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Integer> first = callHeld(1, hold);
        Thread.sleep(50);
        CompletableFuture<Integer> failing = call(c -> {
            insert(c, 2);
            insert(c, 1); // violates UNIQUE: this caller fails, after writing a row of its own
            return 2;
        });
        CompletableFuture<Integer> after = callInserting(3);
        Thread.sleep(50);
        hold.countDown();
        first.get(5, TimeUnit.SECONDS);
        after.get(5, TimeUnit.SECONDS);
        assertThatThrownBy(() -> failing.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(StoreException.class);
        assertThat(callersStored()).containsExactly(1, 3);
    }

    @Test
    void runs_an_action_between_commits_in_its_turn_with_no_transaction_open() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Integer> first = callHeld(1, hold);
        Thread.sleep(50);
        CompletableFuture<Integer> before = callInserting(2);
        Thread.sleep(50);
        CompletableFuture<List<Integer>> between = CompletableFuture.supplyAsync(() -> writer.betweenCommits(c -> {
            assertThat(c.getAutoCommit()).isTrue();
            try (Statement s = c.createStatement()) {
                s.execute("SAVEPOINT probe"); // outside a transaction, this one starts one: nothing else was open
                s.execute("RELEASE probe");
            }
            return callersStored();
        }), callers);
        Thread.sleep(50);
        CompletableFuture<Integer> after = callInserting(3);
        Thread.sleep(50);
        long commitsBefore = writer.commits();
        hold.countDown();
        after.get(5, TimeUnit.SECONDS);
        assertThat(between.get(5, TimeUnit.SECONDS)).as("what was stored when the action ran").containsExactly(1, 2);
        assertThat(first.get()).isEqualTo(1);
        assertThat(before.get()).isEqualTo(2);
        assertThat(writer.commits() - commitsBefore).as("held caller, the one queued before, the one after").isEqualTo(3);
        assertThat(callersStored()).containsExactly(1, 2, 3);
    }

    @Test
    void refuses_work_after_close_and_finishes_what_was_queued() throws Exception {
        CompletableFuture<Integer> queued = callInserting(7);
        queued.get(5, TimeUnit.SECONDS);
        writer.close();
        assertThatThrownBy(() -> writer.write(Durability.STRICT, c -> 1)).isInstanceOf(StoreException.class);
        assertThat(count()).isEqualTo(1);
    }

    /** A caller that inserts its row and then holds its batch open until {@code hold} opens. */
    /** Returns once the caller leads and is inside its own work (not after a guessed sleep: a loaded machine is slow to start it). */
    private CompletableFuture<Integer> callHeld(int caller, CountDownLatch hold) throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CompletableFuture<Integer> call = call(c -> {
            insert(c, caller);
            entered.countDown();
            await(hold);
            return caller;
        });
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("the held caller started its work").isTrue();
        return call;
    }

    @Test
    void a_strict_caller_alone_does_not_wait_for_the_relaxed_company_of_the_last_batch() throws Exception {
        writer.close();
        writer = new GroupCommitWriter(SqliteStores.dataSource(folder.resolve("t.db"), true).getConnection(), 256,
                TimeUnit.SECONDS.toNanos(5)); // waiting for company would take the whole 5 s: nobody else comes
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Integer> first = callHeld(1, hold);
        CompletableFuture<Integer> strict = callInserting(2);
        CompletableFuture<Integer> relaxed = CompletableFuture.supplyAsync(() -> writer.write(Durability.RELAXED, c -> {
            insert(c, 3);
            return 3;
        }), callers);
        Thread.sleep(100); // both queued behind the held leader: the next batch is a strict and a relaxed caller
        long before = writer.commits();
        hold.countDown();
        first.get(5, TimeUnit.SECONDS);
        strict.get(5, TimeUnit.SECONDS);
        relaxed.get(5, TimeUnit.SECONDS);
        assertThat(writer.commits() - before).as("the held caller's commit, then one for the strict and the relaxed").isEqualTo(2);

        long start = System.nanoTime();
        callInserting(4).get(10, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).as("ms the lone strict caller took").isLessThan(2_500);
        assertThat(callersStored()).containsExactly(1, 2, 3, 4);
    }

    @Test
    void a_relaxed_caller_right_after_a_strict_commit_shares_the_next_strict_callers_commit() throws Exception {
        writer.close();
        writer = new GroupCommitWriter(SqliteStores.dataSource(folder.resolve("t.db"), true).getConnection(), 256,
                TimeUnit.SECONDS.toNanos(3));
        callInserting(1).get(5, TimeUnit.SECONDS); // a strict commit, alone
        long before = writer.commits();
        CompletableFuture<Integer> relaxed = CompletableFuture.supplyAsync(() -> writer.write(Durability.RELAXED, c -> {
            insert(c, 2);
            return 2;
        }), callers);
        Thread.sleep(100); // the relaxed caller leads and waits for company
        CompletableFuture<Integer> strict = callInserting(3);
        strict.get(5, TimeUnit.SECONDS);
        relaxed.get(5, TimeUnit.SECONDS);
        assertThat(writer.commits() - before).as("one commit for the relaxed and the strict caller").isEqualTo(1);
        assertThat(callersStored()).containsExactly(1, 2, 3);
    }

    @Test
    void a_strict_caller_takes_the_lead_from_a_relaxed_leader_waiting_for_it_and_commits_both_on_its_own_thread() throws Exception {
        writer.close();
        writer = new GroupCommitWriter(SqliteStores.dataSource(folder.resolve("t.db"), true).getConnection(), 256,
                TimeUnit.SECONDS.toNanos(30));
        callInserting(1).get(5, TimeUnit.SECONDS); // a strict commit, alone: the next relaxed leader waits for a strict caller
        long before = writer.commits();
        List<Thread> ranOn = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Integer> relaxed = CompletableFuture.supplyAsync(() -> writer.write(Durability.RELAXED, c -> {
            ranOn.add(Thread.currentThread());
            insert(c, 2);
            return 2;
        }), callers);
        awaitLeaderWaitingForCompany();
        Thread[] strictThread = new Thread[1];
        CompletableFuture<Integer> strict = CompletableFuture.supplyAsync(() -> {
            strictThread[0] = Thread.currentThread();
            return writer.write(Durability.STRICT, c -> {
                ranOn.add(Thread.currentThread());
                insert(c, 3);
                return 3;
            });
        }, callers);
        assertThat(strict.get(5, TimeUnit.SECONDS)).isEqualTo(3);
        assertThat(relaxed.get(5, TimeUnit.SECONDS)).isEqualTo(2);
        assertThat(writer.commits() - before).as("one commit for the relaxed and the strict caller").isEqualTo(1);
        assertThat(ranOn).as("both callers' work ran on the strict caller's thread, no hand-off on its way")
                .containsExactly(strictThread[0], strictThread[0]);
        assertThat(callersStored()).containsExactly(1, 2, 3);
    }

    @Test
    void a_strict_caller_queued_behind_an_action_between_commits_waits_its_turn_instead_of_taking_the_lead() throws Exception {
        writer.close();
        writer = new GroupCommitWriter(SqliteStores.dataSource(folder.resolve("t.db"), true).getConnection(), 256,
                TimeUnit.SECONDS.toNanos(2));
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Integer> first = callHeld(1, hold);
        List<CompletableFuture<Integer>> four = new ArrayList<>();
        for (int i = 2; i <= 5; i++) four.add(callInserting(i));
        awaitQueued(4);
        hold.countDown();
        first.get(5, TimeUnit.SECONDS);
        for (CompletableFuture<Integer> f : four) f.get(5, TimeUnit.SECONDS); // one batch of four: the next leader waits for four
        CompletableFuture<Integer> relaxed = CompletableFuture.supplyAsync(() -> writer.write(Durability.RELAXED, c -> {
            insert(c, 6);
            return 6;
        }), callers);
        awaitLeaderWaitingForCompany();
        CompletableFuture<List<Integer>> between = CompletableFuture.supplyAsync(() -> writer.betweenCommits(c -> callersStored()),
                callers);
        awaitQueued(2);
        CompletableFuture<Integer> strict = callInserting(7); // the next batch ends before the action: not this caller's
        assertThat(strict.get(5, TimeUnit.SECONDS)).isEqualTo(7);
        assertThat(relaxed.get(5, TimeUnit.SECONDS)).isEqualTo(6);
        assertThat(between.get(5, TimeUnit.SECONDS)).as("what was stored when the action ran").containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(callersStored()).containsExactly(1, 2, 3, 4, 5, 6, 7);
    }

    private void awaitLeaderWaitingForCompany() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!writer.leaderWaitingForCompany()) {
            assertThat(System.nanoTime()).as("the relaxed caller leads and waits for company").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private void awaitQueued(int callers) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (writer.queued() < callers) {
            assertThat(System.nanoTime()).as(callers + " callers queued").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @Test
    void records_a_strict_commits_steps_for_flight_recorder() throws Exception {
        Path dump = folder.resolve("steps.jfr");
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
            for (String e : List.of("ductus.sqlite.Turn", "ductus.sqlite.Gather", "ductus.sqlite.Work", "ductus.sqlite.Commit")) {
                recording.enable(e).withThreshold(java.time.Duration.ZERO);
            }
            recording.start();
            callInserting(7).get(5, TimeUnit.SECONDS);
            recording.stop();
            recording.dump(dump);
        }
        List<String> steps = new ArrayList<>();
        for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(dump)) {
            String name = e.getEventType().getName();
            steps.add(e.hasField("strict") ? name + (e.getBoolean("strict") ? " strict" : " relaxed") : name
                    + " " + e.getInt("callers"));
        }
        assertThat(steps).containsExactlyInAnyOrder("ductus.sqlite.Turn strict", "ductus.sqlite.Gather 1",
                "ductus.sqlite.Work strict", "ductus.sqlite.Commit strict");
    }

    private CompletableFuture<Integer> callInserting(int caller) {
        return call(c -> {
            insert(c, caller);
            return caller;
        });
    }

    private CompletableFuture<Integer> call(io.ductus.store.jdbc.SqlWork<Integer> work) {
        return CompletableFuture.supplyAsync(() -> writer.write(Durability.STRICT, work), callers);
    }

    private static void insert(Connection c, int caller) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO t (caller) VALUES (?)")) {
            ps.setInt(1, caller);
            ps.executeUpdate();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private int count() throws SQLException {
        return callersStored().size();
    }

    private List<Integer> callersStored() throws SQLException {
        List<Integer> stored = new ArrayList<>();
        try (Statement s = observer.createStatement(); ResultSet rs = s.executeQuery("SELECT caller FROM t ORDER BY caller")) {
            while (rs.next()) stored.add(rs.getInt(1));
        }
        return stored;
    }
}
