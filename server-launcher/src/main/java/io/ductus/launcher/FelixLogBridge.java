package io.ductus.launcher;

import org.apache.felix.framework.Logger;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import org.slf4j.LoggerFactory;

/** Sends the Felix framework's own log lines (resolution failures, bundle errors) into the common log. */
final class FelixLogBridge extends Logger {

    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger("felix");

    @Override
    protected void doLog(Bundle bundle, ServiceReference sr, int level, String msg, Throwable throwable) {
        String text = bundle == null ? msg : bundle.getSymbolicName() + ": " + msg;
        String cause = throwable == null ? "" : " (" + throwable.getMessage() + ")";
        switch (level) {
            case LOG_ERROR -> LOG.error(text + cause);
            case LOG_WARNING -> LOG.warn(text + cause);
            case LOG_INFO -> LOG.info(text + cause);
            default -> LOG.debug(text + cause, throwable);
        }
    }
}
