package io.ductus.launcher;

/** An argument parsed but makes no sense (a bad address, a missing folder): exit code 2 with this message. */
final class BadArgumentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadArgumentException(String message) {
        super(message);
    }
}
