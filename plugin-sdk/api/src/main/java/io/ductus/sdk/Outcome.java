package io.ductus.sdk;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** How a delivery went, as a destination reports it. */
public final class Outcome {

    /** The three answers a destination can give. */
    public enum Kind {
        /** The receiver took it. */
        SENT,
        /** A transient failure (peer down, timeout, MLLP AE, HTTP 5xx): try again later, in order. */
        RETRY,
        /** A permanent failure (MLLP AR, HTTP 4xx): retrying will not help; set it aside for an operator. */
        QUARANTINE
    }

    private final Kind kind;
    private final String detail;
    private final Duration retryAfter;

    private Outcome(Kind kind, String detail, Duration retryAfter) {
        this.kind = kind;
        this.detail = Objects.requireNonNullElse(detail, "");
        this.retryAfter = retryAfter;
    }

    /** Delivered; the detail (for example the receiver's answer) is kept when the destination saves output. */
    public static Outcome sent(String detail) {
        return new Outcome(Kind.SENT, detail, null);
    }

    /** Not delivered, try again with the engine's back-off. */
    public static Outcome retry(String reason) {
        return new Outcome(Kind.RETRY, requireReason(reason), null);
    }

    /** Not delivered, try again no sooner than the given delay (for example HTTP Retry-After). */
    public static Outcome retryAfter(String reason, Duration delay) {
        return new Outcome(Kind.RETRY, requireReason(reason), Objects.requireNonNull(delay, "delay"));
    }

    /** Not delivered and never will be as it is: set aside with the reason. */
    public static Outcome quarantine(String reason) {
        return new Outcome(Kind.QUARANTINE, requireReason(reason), null);
    }

    private static String requireReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a retry or quarantine needs a reason an operator can read");
        }
        return reason;
    }

    public Kind kind() {
        return kind;
    }

    /** The receiver's answer for {@link Kind#SENT}, the reason otherwise. */
    public String detail() {
        return detail;
    }

    /** The earliest retry the destination asked for, if any. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    @Override
    public String toString() {
        return kind + (detail.isEmpty() ? "" : ": " + detail);
    }
}
