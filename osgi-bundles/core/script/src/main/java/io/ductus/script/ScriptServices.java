package io.ductus.script;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What interface code may reach outside its sandbox: the engine's services behind {@code db()},
 * {@code fetch()}, {@code env()} and {@code secret()}. The engine implements them over the project's
 * resources; {@code ductus test} replaces them with the test's mocks. Each method fails with a
 * {@link ServiceException} that says whether trying again later can help.
 */
public interface ScriptServices {

    /** Rows of a query on a resources.yaml database, each a column label → value (text, number, boolean or null). */
    List<Map<String, Object>> query(String database, String sql, List<Object> parameters);

    /** Runs a statement on a resources.yaml database; the number of rows it changed. */
    long execute(String database, String sql, List<Object> parameters);

    /** An HTTP exchange; every answered status comes back as a response. */
    FetchResponse fetch(FetchRequest request);

    /** A variable declared in ductus.yaml {@code variables:}, as the deployment set it. */
    String variable(String name);

    /** A secret from the project's encrypted secrets file. */
    String secret(String name);

    /**
     * An HTTP request of {@code fetch(url, options)}.
     *
     * @param tlsCa          {@code options.tls.ca}: a CA of resources.yaml trusted beside the system's roots, or null
     * @param tlsCertificate {@code options.tls.certificate}: a pair of resources.yaml shown as the client certificate, or null
     */
    record FetchRequest(String url, String method, Map<String, String> headers, byte[] body, Duration timeout, String tlsCa,
                        String tlsCertificate) {

        /** A request with the JDK's TLS (the system's roots, no client certificate). */
        public FetchRequest(String url, String method, Map<String, String> headers, byte[] body, Duration timeout) {
            this(url, method, headers, body, timeout, null, null);
        }
    }

    /** An HTTP response: its status, headers (names in lower case) and body. */
    record FetchResponse(int status, Map<String, String> headers, byte[] body) {
    }

    /** A failed service call. */
    final class ServiceException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final boolean temporary;

        public ServiceException(String message, boolean temporary) {
            super(message);
            this.temporary = temporary;
        }

        /** True when the same call may work later (a database or server that is down): the message waits and is retried. */
        public boolean temporary() {
            return temporary;
        }
    }

    /** For code run without an engine: every service refuses, saying so. */
    ScriptServices NONE = new ScriptServices() {
        private ServiceException refused(String what) {
            return new ServiceException(what + " is not available here", false);
        }

        @Override
        public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
            throw refused("db('" + database + "')");
        }

        @Override
        public long execute(String database, String sql, List<Object> parameters) {
            throw refused("db('" + database + "')");
        }

        @Override
        public FetchResponse fetch(FetchRequest request) {
            throw refused("fetch()");
        }

        @Override
        public String variable(String name) {
            throw refused("env('" + name + "')");
        }

        @Override
        public String secret(String name) {
            throw refused("secret('" + name + "')");
        }
    };
}
