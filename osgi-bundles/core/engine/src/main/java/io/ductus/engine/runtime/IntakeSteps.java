package io.ductus.engine.runtime;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The intake's steps of one acknowledgement, as Flight Recorder events: free unless a recording is running
 * ({@code bench/run ack-steps} starts one and prints each step's median).
 */
final class IntakeSteps {

    private IntakeSteps() {
    }

    @Name("ductus.intake.ToStoringThread")
    @Label("To the storing thread")
    @Category({"Ductus", "Acknowledgement"})
    @Description("A submission handed from the source's thread until a storing thread ran it (zero when stored on the source's thread)")
    @StackTrace(false)
    static final class ToStoringThread extends Event {
    }

    @Name("ductus.intake.Rows")
    @Label("Rows made")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The message read on (ordering key, lane, dedupe key) and its rows made")
    @StackTrace(false)
    static final class Rows extends Event {
    }

    @Name("ductus.intake.Store")
    @Label("Store call")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The store's call: queued for the writer, written, committed, released")
    @StackTrace(false)
    static final class Store extends Event {
    }

    @Name("ductus.intake.AfterStore")
    @Label("After the store")
    @Category({"Ductus", "Acknowledgement"})
    @Description("Counted, published as an event, the lanes' workers woken")
    @StackTrace(false)
    static final class AfterStore extends Event {
    }
}
