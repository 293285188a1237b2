package io.ductus.client.model;

/** POST /api/v1/me/password's body. */
@ApiSchema("PasswordChange")
public record PasswordChange(String currentPassword, String newPassword) {

    @Override
    public String toString() {
        return "PasswordChange";
    }
}
