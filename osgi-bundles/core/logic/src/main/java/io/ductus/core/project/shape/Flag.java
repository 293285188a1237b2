package io.ductus.core.project.shape;

/** {@code true} or {@code false}. */
public record Flag() implements Shape {

    @Override
    public String expected() {
        return "true or false";
    }
}
