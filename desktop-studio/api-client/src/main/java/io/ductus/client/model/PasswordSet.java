package io.ductus.client.model;

/** POST /api/v1/users/{id}/password's body: a password the user must change at next sign-in. */
@ApiSchema("PasswordSet")
public record PasswordSet(String password) {

    @Override
    public String toString() {
        return "PasswordSet";
    }
}
