package io.ductus.engine.api;

/**
 * What an operation costs the engine, for how many of it the API answers at once ({@link ApiLimits}): in total,
 * so that people's reads never take the threads and connections intake and the workers need, and per caller,
 * so that one caller (a studio with many tabs, a script in a loop) cannot take them all either.
 */
public enum Work {
    /** Answered from memory or by an index hit: health, readiness, the engine, sign-in, an operator's action. */
    LIGHT,
    /** A read of the message store whose cost is a page: browsing, one message, a payload, the quarantine, metrics, a resend. */
    READ,
    /** Work whose cost is what it scans: a text search, the hotspots' queue indexes, a resend of an interface's quarantine (a replay). */
    SCAN,
    /** An answer held open: the event stream. */
    STREAM
}
