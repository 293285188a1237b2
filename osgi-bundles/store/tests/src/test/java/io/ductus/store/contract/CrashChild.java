package io.ductus.store.contract;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The process {@link CrashSafetyTest} kills: writers store batches of two messages (three deliveries each)
 * through the store as fast as they can, and print every id the store returned, one per line, only after
 * store() returned. Arguments: the database kind, its location, the number of writers.
 */
public final class CrashChild {

    static final int MESSAGES_PER_BATCH = 2;
    static final List<String> DESTINATIONS = List.of("a", "b", "c");

    private CrashChild() {
    }

    public static void main(String[] args) {
        Database db = Database.valueOf(args[0]);
        JdbcStore store = db.open(args[1]);
        int writers = Integer.parseInt(args[2]);
        PrintStream out = System.out;
        AtomicLong batches = new AtomicLong();
        String run = "run" + ProcessHandle.current().pid(); // batch tags stay unique across children
        out.println("ready");
        out.flush();
        for (int w = 0; w < writers; w++) {
            Thread.ofPlatform().start(() -> {
                while (true) {
                    long n = batches.incrementAndGet();
                    NewMessage m = new NewMessage(Messages.T0, ("crash " + n).getBytes(), "UTF-8", run + "-" + n,
                            (int) (n % 8), null, DESTINATIONS, null);
                    List<Stored> stored = store.store(IntakeBatch.of("crash", Durability.STRICT, List.of(m, m)),
                            Messages.T0);
                    synchronized (out) {
                        for (Stored s : stored) out.println(s.id());
                        out.flush();
                    }
                }
            });
        }
    }
}
