package io.ductus.sdk.files;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The loop of a source that polls a folder, local or remote (the file and SFTP sources): one virtual
 * thread polls, then waits the poll interval, until the source stops; a stop wakes it at once. A poll that
 * throws unexpectedly is logged and shown as FAILED, and the next poll comes as usual. Statuses are
 * reported only when they change, and the saved progress is read the way every folder source reads it.
 *
 * @since 1.2
 */
public final class PollLoop {

    /** One poll of the folder. */
    @FunctionalInterface
    public interface Poll {
        void run() throws InterruptedException;
    }

    private final String folder;
    private final Duration every;
    private final ConnectorContext context;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private final Object sleep = new Object();
    private volatile boolean stopping;
    private String reported = "";

    /** @param folder the folder polled, for the log */
    public PollLoop(String folder, Duration every, ConnectorContext context) {
        this.folder = folder;
        this.every = every;
        this.context = context;
    }

    /**
     * Starts polling on a virtual thread named after the interface.
     *
     * @param kind  what polls, for the thread's name ("file-source")
     * @param atEnd runs on the polling thread once the loop has ended (closing a connection, say)
     */
    public void start(String kind, Poll poll, Runnable atEnd) {
        Thread.ofVirtual().name(kind + "-" + context.interfaceName()).start(() -> run(poll, atEnd));
    }

    private void run(Poll poll, Runnable atEnd) {
        try {
            while (!stopping) {
                try {
                    poll.run();
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    context.log().error("polling " + folder + " failed", e);
                    report(ConnectorStatus.FAILED, "polling failed: " + e);
                }
                synchronized (sleep) {
                    if (!stopping) sleep.wait(every.toMillis());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                atEnd.run();
            } finally {
                stopped.complete(null);
            }
        }
    }

    /** Whether a stop was asked: a poll ends at the next file, a file's reading at the next batch. */
    public boolean stopping() {
        return stopping;
    }

    /** Asks the loop to stop and wakes it; completes once the poll under way has ended. */
    public CompletionStage<Void> stop() {
        stopping = true;
        synchronized (sleep) {
            sleep.notifyAll();
        }
        return stopped;
    }

    /** Reports a status, unless it is the one reported last. Only from the polling thread. */
    public void report(ConnectorStatus status, String detail) {
        String text = status + ": " + detail;
        if (text.equals(reported)) return;
        reported = text;
        context.statusChanged(status, detail);
    }

    /** Whether the status reported last is this one. */
    public boolean lastReported(ConnectorStatus status) {
        return reported.startsWith(status.name() + ":");
    }

    /**
     * Reads the source's saved progress ({@link FileProgress#KEY}) and hands it over (empty when there is
     * none, or it is not understood: then a warning is logged). False, with the status DEGRADED, when the
     * store cannot be read yet: the poll waits for the next round.
     */
    public boolean loadProgress(Intake intake, Consumer<Optional<FileProgress>> into) {
        try {
            Optional<String> saved = intake.savedProgress(FileProgress.KEY);
            Optional<FileProgress> progress = saved.flatMap(FileProgress::decode);
            if (saved.isPresent() && progress.isEmpty()) context.log().warn("saved progress not understood, ignored: " + saved.get());
            into.accept(progress);
            return true;
        } catch (IntakeException e) {
            report(ConnectorStatus.DEGRADED, "cannot read the saved progress yet: " + e.getMessage());
            return false;
        }
    }
}
