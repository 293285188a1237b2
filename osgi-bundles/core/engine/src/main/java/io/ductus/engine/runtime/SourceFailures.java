package io.ductus.engine.runtime;

import io.ductus.sdk.ConnectorException;
import java.net.BindException;

/** A source's failure to start in the words an operator reads in the status: "address in use" for a busy port. */
final class SourceFailures {

    private SourceFailures() {
    }

    /** What the connector said, or "address in use: …" when the port is held by another program. */
    static String words(ConnectorException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof BindException || t.getMessage() != null && t.getMessage().contains("Address already in use")) {
                return "address in use: " + e.getMessage().replaceFirst(":[^:]*(?i:address already in use).*$", "");
            }
        }
        return e.getMessage();
    }
}
