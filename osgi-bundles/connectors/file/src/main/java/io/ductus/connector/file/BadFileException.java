package io.ductus.connector.file;

/** A file the source cannot take (unreadable, malformed, too large): it goes to the error folder with this reason. */
final class BadFileException extends Exception {

    private static final long serialVersionUID = 1L;

    BadFileException(String reason) {
        super(reason);
    }

    BadFileException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
