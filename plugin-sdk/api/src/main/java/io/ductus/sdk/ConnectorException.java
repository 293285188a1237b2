package io.ductus.sdk;

/** A connector could not start or do what was asked; the message says why in words an operator understands. */
public class ConnectorException extends Exception {

    private static final long serialVersionUID = 1L;

    public ConnectorException(String message) {
        super(message);
    }

    public ConnectorException(String message, Throwable cause) {
        super(message, cause);
    }
}
