package io.ductus.store.contract;

import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore.Keeping;
import java.io.PrintStream;
import java.util.Map;

/**
 * The process {@link PartitionCrashTest} kills: runs the maintenance a simulated day at a time, from the
 * first day whose leaf expires to the last, then again from the start (the test kills it mid-flight,
 * whatever round it is in), printing each run's dropped periods after it returned.
 * Arguments: the database's location, the first and the last day's time.
 */
public final class PartitionCrashChild {

    private PartitionCrashChild() {
    }

    public static void main(String[] args) {
        JdbcStore store = Database.POSTGRES.open(args[0]);
        long first = Long.parseLong(args[1]);
        long last = Long.parseLong(args[2]);
        PrintStream out = System.out;
        out.println("ready");
        out.flush();
        Map<String, Keeping> keeping = Map.of(PartitionCrashTest.INTERFACE, new Keeping(7, false));
        while (true) {
            for (long now = first; now <= last; now += PartitionCrashTest.DAY) {
                out.println(store.retention().maintain(now, keeping).dropped());
                out.flush();
            }
        }
    }
}
