package io.ductus.connector.mllp;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The steps of one acknowledgement on the listener's side, as Flight Recorder events: free unless a
 * recording is running ({@code bench/run ack-steps} starts one and prints each step's median). Each event
 * begins on one thread and may be committed on another: its duration is the hand-off between them.
 */
final class AckSteps {

    private AckSteps() {
    }

    @Name("ductus.mllp.Answer")
    @Label("MLLP answer")
    @Category({"Ductus", "Acknowledgement"})
    @Description("A frame read off the connection until its ACK was written to the socket")
    @StackTrace(false)
    static final class Answer extends Event {
    }

    @Name("ductus.mllp.HeaderRead")
    @Label("Header read")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The frame's header read and checked, until the message was handed to the intake")
    @StackTrace(false)
    static final class HeaderRead extends Event {
    }

    @Name("ductus.mllp.Intake")
    @Label("Intake")
    @Category({"Ductus", "Acknowledgement"})
    @Description("Handed to the intake until its receipt (stored, or failed) came back to the listener")
    @StackTrace(false)
    static final class Intake extends Event {
    }

    @Name("ductus.mllp.BackToConnection")
    @Label("Back to the connection")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The ACK built until the connection's event loop ran to write it")
    @StackTrace(false)
    static final class BackToConnection extends Event {
    }

    @Name("ductus.mllp.AckWrite")
    @Label("ACK written")
    @Category({"Ductus", "Acknowledgement"})
    @Description("The ACK handed to the channel until it was written to the socket")
    @StackTrace(false)
    static final class AckWrite extends Event {
    }
}
