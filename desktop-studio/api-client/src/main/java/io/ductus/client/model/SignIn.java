package io.ductus.client.model;

/** POST /api/v1/session's body. */
@ApiSchema("SignIn")
public record SignIn(String username, String password) {

    @Override
    public String toString() {
        return "SignIn[" + username + "]"; // never the password, not even in a log
    }
}
