package io.ductus.store.contract;

import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore;
import java.io.PrintStream;

/**
 * The process {@link PurgeCrashTest} kills: purges the interface {@code purge} in batches of 20 (on SQLite
 * also giving free pages back after every batch) and prints each batch's deleted count after it committed.
 * Arguments: the database kind, its location, the cutoff.
 */
public final class PurgeCrashChild {

    private PurgeCrashChild() {
    }

    public static void main(String[] args) {
        Database db = Database.valueOf(args[0]);
        JdbcStore store = db.open(args[1]);
        long cutoff = Long.parseLong(args[2]);
        PrintStream out = System.out;
        out.println("ready");
        out.flush();
        long after = 0;
        while (true) {
            RetentionStore.Purged batch = store.retention().purge(PurgeCrashTest.INTERFACE, cutoff, false, after, 20);
            store.retention().reclaim(16);
            after = batch.lastId();
            out.println(batch.deleted());
            out.flush();
            if (batch.done()) after = 0; // and again: the test kills it mid-flight, whatever round it is in
        }
    }
}
