package io.ductus.core.project.shape;

import java.util.List;

/** One of a fixed list of words. */
public record Choice(List<String> values) implements Shape {

    public Choice {
        values = List.copyOf(values);
        if (values.isEmpty()) throw new IllegalArgumentException("a choice needs values");
    }

    public static Choice of(String... values) {
        return new Choice(List.of(values));
    }

    @Override
    public String expected() {
        return "one of " + String.join(", ", values);
    }
}
