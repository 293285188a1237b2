package io.ductus.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.threads.LowPriority;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long reads asked on virtual threads (the API's handlers, the workers) never hold the carriers every
 * virtual thread shares: SQLite's driver runs native code, which pins a virtual thread to its carrier, and
 * eight text searches once kept the intake's virtual threads waiting for seconds. And the API callers' reads
 * run at the lowest priority for the kernel, so a scan takes only the CPU intake and the workers leave.
 */
class ReadsOffCarriersTest {

    /** Counts a million rows: tens of milliseconds of native work per statement. */
    private static final String BUSY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT sum(x) FROM c";

    @TempDir
    Path folder;

    @Test
    void a_virtual_thread_runs_at_once_while_as_many_long_reads_as_carriers_run_on_virtual_threads() throws Exception {
        int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
        int reads = Math.min(Math.max(carriers, 2), SqliteStores.READERS);
        SqliteTransactions transactions = SqliteStores.transactions(folder.resolve("ductus.db").toAbsolutePath());
        try {
            CountDownLatch reading = new CountDownLatch(reads);
            List<Thread> readers = new ArrayList<>();
            for (int i = 0; i < reads; i++) {
                readers.add(Thread.ofVirtual().start(() -> transactions.read(c -> {
                    reading.countDown();
                    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
                    try (Statement s = c.createStatement()) {
                        while (System.nanoTime() < until) {
                            try (ResultSet rs = s.executeQuery(BUSY)) {
                                rs.next();
                            }
                        }
                    }
                    return null;
                })));
            }
            assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
            long asked = System.nanoTime();
            CountDownLatch ran = new CountDownLatch(1);
            Thread.ofVirtual().start(ran::countDown);
            assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked);
            for (Thread t : readers) t.join();
            assertThat(waitedMs).as("ms a virtual thread waited for a carrier while %d reads ran", reads).isLessThan(500);
        } finally {
            transactions.close();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void the_callers_reads_run_niced_and_the_engines_do_not() throws Exception {
        SqliteTransactions transactions = SqliteStores.transactions(folder.resolve("ductus.db").toAbsolutePath());
        try {
            String[] caller = new String[1];
            String[] engine = new String[1];
            Thread.ofVirtual().start(() -> {
                caller[0] = transactions.forCallers().read(c -> niceOfThisThread());
                engine[0] = transactions.read(c -> niceOfThisThread());
            }).join();
            assertThat(caller[0]).isEqualTo(Integer.toString(LowPriority.NICE));
            assertThat(engine[0]).isNotEqualTo(Integer.toString(LowPriority.NICE));
        } finally {
            transactions.close();
        }
    }

    /** Field 19 of /proc/thread-self/stat (after the command's closing parenthesis). */
    private static String niceOfThisThread() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16];
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
