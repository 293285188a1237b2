package io.ductus.core.project.shape;

import java.util.Objects;

/**
 * A list of values of one shape: {@code [stalled, error]}. A single value stands for a list of one
 * ({@code to: oncall@example.org}).
 */
public record ListOf(Shape item, String what) implements Shape {

    public ListOf {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(what, "what");
    }

    @Override
    public String expected() {
        return "a list of " + what + " (or one)";
    }
}
