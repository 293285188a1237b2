package io.ductus.engine;

/** The engine's life, as /api/v1/health reports it. */
public enum EngineState {
    STARTING, RUNNING, STOPPING
}
