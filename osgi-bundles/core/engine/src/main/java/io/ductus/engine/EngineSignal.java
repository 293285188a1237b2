package io.ductus.engine;

/**
 * Service properties through which the engine tells the launcher it has started (or why it could not).
 * The launcher reads only these strings, so no engine class crosses the framework boundary.
 */
public final class EngineSignal {

    /** {@code started} or {@code failed}. */
    public static final String STATE = "ductus.engine.state";
    public static final String API_URL = "ductus.api.url";
    public static final String INTERFACES = "ductus.interfaces";
    /** The interfaces in words: how many, and which do not run as they should, and why. */
    public static final String SUMMARY = "ductus.interfaces.summary";
    public static final String REASON = "ductus.engine.reason";

    private EngineSignal() {
    }
}
