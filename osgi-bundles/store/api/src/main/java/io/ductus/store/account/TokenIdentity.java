package io.ductus.store.account;

/** A token found by its hash, with its owner (null for a service token). */
public record TokenIdentity(TokenRecord token, UserRecord owner) {
}
