package io.ductus.store.sqlite;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The group commit's steps, as Flight Recorder events: free unless a recording is running
 * ({@code bench/run ack-steps} starts one and prints each step's median).
 */
final class CommitSteps {

    private CommitSteps() {
    }

    @Name("ductus.sqlite.Turn")
    @Label("Waiting for the writer")
    @Category({"Ductus", "Acknowledgement"})
    @Description("A caller queued for the writer until it led a batch or was released with another's")
    @StackTrace(false)
    static final class Turn extends Event {
        @Label("Strict")
        boolean strict;
    }

    @Name("ductus.sqlite.Gather")
    @Label("Gathering a batch")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The leader waiting (bounded) for company and taking the queued callers")
    @StackTrace(false)
    static final class Gather extends Event {
        @Label("Callers")
        int callers;
    }

    @Name("ductus.sqlite.Work")
    @Label("Batch written")
    @Category({"Ductus", "Acknowledgement"})
    @Description("BEGIN and every caller's statements, before the commit")
    @StackTrace(false)
    static final class Work extends Event {
        @Label("Strict")
        boolean strict;
    }

    @Name("ductus.sqlite.Commit")
    @Label("Commit")
    @Category({"Ductus", "Acknowledgement"})
    @Description("COMMIT: the WAL written and, when strict, synced")
    @StackTrace(false)
    static final class Commit extends Event {
        @Label("Strict")
        boolean strict;
    }

    @Name("ductus.sqlite.Release")
    @Label("Released")
    @Category({"Ductus", "Acknowledgement"})
    @Description("A caller of a finished batch woken by its leader until it ran again (not recorded for the leader itself)")
    @StackTrace(false)
    static final class Release extends Event {
        @Label("Strict")
        boolean strict;
    }
}
