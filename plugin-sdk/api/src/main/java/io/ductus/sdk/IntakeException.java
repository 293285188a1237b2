package io.ductus.sdk;

/** The intake did not store a message. The source answers its sender with the protocol's retryable error. */
public class IntakeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public IntakeException(String message) {
        super(message);
    }

    public IntakeException(String message, Throwable cause) {
        super(message, cause);
    }
}
