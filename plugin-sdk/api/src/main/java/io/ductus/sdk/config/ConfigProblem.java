package io.ductus.sdk.config;

/**
 * Something wrong with one setting. The engine adds the file and line where the setting was written.
 *
 * @param field   the setting's key (empty when the problem is with the settings as a whole)
 * @param message what is wrong, in words an integrator understands
 */
public record ConfigProblem(String field, String message) {

    @Override
    public String toString() {
        return field.isEmpty() ? message : field + ": " + message;
    }
}
