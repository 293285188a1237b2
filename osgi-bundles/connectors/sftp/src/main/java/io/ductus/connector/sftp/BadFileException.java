package io.ductus.connector.sftp;

/** A remote file the source cannot take (malformed, too large): it goes to the error folder with this reason. */
final class BadFileException extends Exception {

    private static final long serialVersionUID = 1L;

    BadFileException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
