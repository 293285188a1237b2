package io.ductus.core.alert;

import java.util.Objects;

/**
 * One line of an alert's history: {@code fired}, {@code escalated}, {@code changed}, {@code reminded},
 * {@code reopened}, {@code recovered} or {@code acknowledged}, with what an operator should read.
 */
public record AlertChange(String what, String detail) {

    public AlertChange {
        Objects.requireNonNull(what, "what");
    }
}
