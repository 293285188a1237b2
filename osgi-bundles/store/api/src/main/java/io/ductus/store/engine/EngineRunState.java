package io.ductus.store.engine;

/** Where an engine run is: delivering its share, handing its interfaces to the others before it stops, or gone. */
public enum EngineRunState { RUNNING, DRAINING, STOPPED }
