package io.ductus.client.model;

import java.util.List;

@ApiSchema("UserList")
public record UserList(List<User> users) {

    public UserList {
        users = users == null ? List.of() : List.copyOf(users);
    }
}
