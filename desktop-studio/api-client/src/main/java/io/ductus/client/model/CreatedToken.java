package io.ductus.client.model;

/** A new token and its secret, which the engine shows only in this answer. */
@ApiSchema("CreatedToken")
public record CreatedToken(Token token, String secret) {

    @Override
    public String toString() {
        return "CreatedToken[" + token + "]";
    }
}
