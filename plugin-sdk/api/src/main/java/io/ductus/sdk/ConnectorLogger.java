package io.ductus.sdk;

import org.osgi.annotation.versioning.ProviderType;

/** Log lines that carry the interface and connector they come from. */
@ProviderType
public interface ConnectorLogger {

    void debug(String message);

    void info(String message);

    void warn(String message);

    void error(String message, Throwable cause);
}
