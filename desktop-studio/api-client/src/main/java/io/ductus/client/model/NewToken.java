package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** POST /api/v1/tokens's body; an owner makes a token that never has more than that user. */
/* Empty lists are left out: the engine reads a missing list as "none" (its default). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("NewToken")
public record NewToken(String name, String role, List<String> permissions, String owner) {

    public NewToken {
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
    }
}
