package io.ductus.studio.task;

/** Something started that can be called off: a background task (its callbacks then never run) or a delayed action. */
@FunctionalInterface
public interface Cancellable {

    /** Already over: nothing to call off. */
    Cancellable NONE = () -> { };

    void cancel();
}
