package io.ductus.script;

import java.time.Duration;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/** Interface code failed: what happened, and where in the user's code when known. */
public final class ScriptException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** How it failed. */
    public enum Kind {
        /** The code threw (or has a syntax error). */
        ERROR,
        /** The code ran past its timeout and was stopped. */
        TIMEOUT,
        /** The code allocated more memory in one call than allowed and was stopped. */
        MEMORY,
        /** The context was cancelled for good (it would not stop when interrupted). */
        CANCELLED,
        /** The function to call is not exported. */
        MISSING_FUNCTION,
        /** The code called {@code filter(reason)}. */
        FILTERED,
        /** The code called {@code quarantine(reason)}. */
        QUARANTINED,
        /** The code called {@code transient(reason)}. */
        TRANSIENT
    }

    private final Kind kind;
    private final String file;
    private final int line;
    private String path;

    ScriptException(Kind kind, String message, String file, int line) {
        super(message);
        this.kind = kind;
        this.file = file;
        this.line = line;
    }

    /**
     * @param stopped   why the watch stopped this call (null: it did not); says what an interruption was
     * @param stoppedAt where the watch saw the stopped call running, or null: then the exception's own
     *                  location (for an interrupt only the function that was running)
     */
    static ScriptException from(PolyglotException e, RunawayWatch.Reason stopped, SourceSection stoppedAt, Duration timeout,
                                long memoryLimit) {
        SourceSection at = e.isInterrupted() && stopped != null && stoppedAt != null ? stoppedAt : userLocation(e);
        ScriptException failure = from(e, at, stopped, timeout, memoryLimit);
        failure.path = at == null ? null : at.getSource().getPath();
        return failure;
    }

    private static ScriptException from(PolyglotException e, SourceSection at, RunawayWatch.Reason stopped, Duration timeout,
                                        long memoryLimit) {
        String file = at == null ? null : at.getSource().getName();
        int line = at == null ? -1 : at.getStartLine();
        String where = file == null ? "" : " (" + file + (line > 0 ? ":" + line : "") + ")";
        if (e.isInterrupted() && stopped == RunawayWatch.Reason.MEMORY) {
            return new ScriptException(Kind.MEMORY, "stopped after allocating more than " + (memoryLimit >> 20) + " MB in one call" + where,
                    file, line);
        }
        if (e.isInterrupted() && stopped == RunawayWatch.Reason.TIMEOUT) {
            return new ScriptException(Kind.TIMEOUT, "stopped after running longer than " + timeout.toMillis() + " ms" + where,
                    file, line);
        }
        if (e.isInterrupted()) {
            // meant for the call before this one on the same context, which ended as it was being stopped
            return new ScriptException(Kind.TRANSIENT, "interrupted while an earlier call was being stopped; tried again" + where, file, line);
        }
        if (e.isCancelled()) return new ScriptException(Kind.CANCELLED, "stopped: the code would not end" + where, file, line);
        if (e.isResourceExhausted()) {
            return new ScriptException(Kind.MEMORY, "stopped: " + e.getMessage() + where, file, line);
        }
        if (e.isGuestException() && e.getGuestObject() != null && e.getGuestObject().hasMember(Prelude.DECISION_MARK)) {
            org.graalvm.polyglot.Value decision = e.getGuestObject();
            String reason = decision.getMember("reason").asString();
            return switch (decision.getMember("kind").asString()) {
                case "filter" -> new ScriptException(Kind.FILTERED, reason, file, line);
                case "transient" -> new ScriptException(Kind.TRANSIENT, reason + where, file, line);
                default -> new ScriptException(Kind.QUARANTINED, reason + where, file, line);
            };
        }
        return new ScriptException(Kind.ERROR, e.getMessage() + where, file, line);
    }

    /** Where in the user's code it happened: the innermost frame that is not the engine's own prelude. */
    private static SourceSection userLocation(PolyglotException e) {
        for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
            SourceSection at = frame.getSourceLocation();
            if (frame.isGuestFrame() && at != null && !Prelude.isEngineSource(at.getSource())) return at;
        }
        return e.getSourceLocation();
    }

    public Kind kind() {
        return kind;
    }

    /** The user's file the failure is in, or null. */
    public String file() {
        return file;
    }

    /** The line in that file, or -1. */
    public int line() {
        return line;
    }

    /** The absolute path of that file, or null (the file name alone is in {@link #file()}). */
    public String path() {
        return path;
    }
}
