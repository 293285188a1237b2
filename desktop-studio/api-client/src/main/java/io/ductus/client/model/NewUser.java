package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** POST /api/v1/users's body: the first password must be changed at first sign-in. */
/* Empty lists are left out: the engine reads a missing list as "none" (its default). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
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
