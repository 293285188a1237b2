package io.ductus.store;

/** The database could not do what was asked; nothing of a failed write was kept, so it may be tried again. */
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreException(String message) {
        super(message);
    }
}
