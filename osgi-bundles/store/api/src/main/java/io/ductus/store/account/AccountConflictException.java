package io.ductus.store.account;

import io.ductus.store.StoreException;

/** A name that must be unique is taken. */
public final class AccountConflictException extends StoreException {

    private static final long serialVersionUID = 1L;

    public AccountConflictException(String message) {
        super(message);
    }
}
