package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/me: who is calling, how, with which role and permissions; whether a password change is due. */
@ApiSchema("Me")
public record Me(String actor, String via, String user, String token, String role, List<String> permissions,
                 boolean mustChangePassword) {

    public Me {
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
    }

    public boolean atLeast(String wanted) {
        return rank(role) >= rank(wanted);
    }

    public boolean has(String permission) {
        return "admin".equals(role) || permissions.contains(permission);
    }

    private static int rank(String role) {
        return switch (role == null ? "" : role) {
            case "viewer" -> 1;
            case "operator" -> 2;
            case "admin" -> 3;
            default -> 0;
        };
    }
}
