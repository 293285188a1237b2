package io.ductus.client.model;

import java.util.List;

/** POST /api/v1/users's body: the first password must be changed at first sign-in. */
@ApiSchema("NewUser")
public record NewUser(String username, String role, List<String> permissions, String password) {

    public NewUser {
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
    }

    @Override
    public String toString() {
        return "NewUser[" + username + ", " + role + ", " + permissions + "]";
    }
}
