package io.ductus.core.auth;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What one caller may do: a role and the permissions beyond it. An admin has every permission.
 *
 * @param permissions never null; for an admin, always all of them
 */
public record Access(Role role, Set<Permission> permissions) {

    public Access {
        Objects.requireNonNull(role, "role");
        Set<Permission> copy = EnumSet.noneOf(Permission.class);
        copy.addAll(permissions);
        if (role == Role.ADMIN) copy = EnumSet.allOf(Permission.class);
        permissions = Collections.unmodifiableSet(copy);
    }

    public static Access of(Role role, Permission... permissions) {
        return new Access(role, Set.of(permissions));
    }

    public boolean has(Permission permission) {
        return permissions.contains(permission);
    }

    /**
     * This access limited by another's: the lower role and the permissions both have. A token owned by a
     * user acts with {@code token.atMost(user)}, so it is never stronger than its owner, even after the
     * owner lost a role or a permission.
     */
    public Access atMost(Access limit) {
        Set<Permission> both = EnumSet.noneOf(Permission.class);
        both.addAll(permissions);
        both.retainAll(limit.permissions);
        return new Access(Role.lower(role, limit.role), both);
    }

    /** True when {@code other} can do nothing this access cannot. */
    public boolean covers(Access other) {
        return role.atLeast(other.role) && permissions.containsAll(other.permissions);
    }

    /** True when this access meets a requirement. */
    public boolean meets(Requirement requirement) {
        if (requirement.open()) return true;
        return role.atLeast(requirement.role()) && (requirement.permission() == null || has(requirement.permission()));
    }
}
