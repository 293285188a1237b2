package io.ductus.core.auth;

/**
 * What an operation asks of its caller: nothing (open), or a least role and perhaps a permission.
 *
 * @param role       null only when open
 * @param permission null when the role is enough
 */
public record Requirement(Role role, Permission permission) {

    /** No caller needed (health, the API description, signing in). */
    public static final Requirement OPEN = new Requirement(null, null);

    public static Requirement role(Role role) {
        return new Requirement(java.util.Objects.requireNonNull(role), null);
    }

    public Requirement and(Permission permission) {
        if (open()) throw new IllegalStateException("an open operation needs no permission");
        return new Requirement(role, permission);
    }

    public boolean open() {
        return role == null;
    }

    /** "open", "viewer", "viewer + audit": how the docs and error details say it. */
    public String describe() {
        if (open()) return "open";
        return permission == null ? role.label() : role.label() + " + " + permission.label();
    }
}
