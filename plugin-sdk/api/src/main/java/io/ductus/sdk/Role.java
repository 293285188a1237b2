package io.ductus.sdk;

/** Where a connector type can stand in an interface. */
public enum Role {
    /** Receives messages and hands them to the {@link Intake}. */
    SOURCE,
    /** Delivers messages the engine gives it. */
    DESTINATION
}
