package io.ductus.store.postgres;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A PostgreSQL write's steps, as Flight Recorder events: free unless a recording is running
 * ({@code bench/run ack-steps-pg} starts one and prints each step's median).
 */
final class WriteSteps {

    private WriteSteps() {
    }

    @Name("ductus.postgres.Connection")
    @Label("Connection from the pool")
    @Category({"Ductus", "Acknowledgement"})
    @Description("A write waiting for a connection of the engine's pool")
    @StackTrace(false)
    static final class Connection extends Event {
        @Label("Strict")
        boolean strict;
    }

    @Name("ductus.postgres.Work")
    @Label("Statements")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The write's statements, before its commit (the transaction begins with the first)")
    @StackTrace(false)
    static final class Work extends Event {
        @Label("Strict")
        boolean strict;
    }

    @Name("ductus.postgres.Commit")
    @Label("Commit")
    @Category({"Ductus", "Acknowledgement"})
    @Description("COMMIT: when strict, the server's WAL flushed before it answers")
    @StackTrace(false)
    static final class Commit extends Event {
        @Label("Strict")
        boolean strict;
    }

    @Name("ductus.postgres.Release")
    @Label("Connection back to the pool")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The connection handed back to the pool after the commit")
    @StackTrace(false)
    static final class Release extends Event {
        @Label("Strict")
        boolean strict;
    }
}
