package io.ductus.connector.listener.tls;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * One outbound connection's TLS: the system's trusted roots plus the named CA, the host name checked against the
 * certificate, and the named pair as the client certificate (its renewal applies to the next connection). A refused
 * handshake becomes a reason in plain words ({@link #why}), which the destination reports as a retryable error.
 */
public final class ClientTls {

    private final Optional<Certificates.Held> ca;
    private final Optional<Certificates.Held> pair;
    private LoadedCertificate builtForCa;
    private LoadedCertificate builtForPair;
    private SSLContext context;

    ClientTls(Optional<Certificates.Held> ca, Optional<Certificates.Held> pair) {
        this.ca = ca;
        this.pair = pair;
        context();
    }

    /** TLS with the system's roots only, no client certificate (an https:// URL or {@code tls: true} naming nothing). */
    public static ClientTls systemRoots() {
        return new ClientTls(Optional.empty(), Optional.empty());
    }

    /** The context for the CA and pair in use now. */
    public synchronized SSLContext context() {
        LoadedCertificate caNow = ca.map(h -> h.current).orElse(null);
        LoadedCertificate pairNow = pair.map(h -> h.current).orElse(null);
        if (context != null && caNow == builtForCa && pairNow == builtForPair) return context;
        try {
            SSLContext built = SSLContext.getInstance("TLS");
            built.init(keyManagers(pairNow), new TrustManager[] {trust(caNow)}, null);
            context = built;
            builtForCa = caNow;
            builtForPair = pairNow;
        } catch (GeneralSecurityException e) {
            if (context == null) throw new IllegalArgumentException("TLS settings cannot be used: " + e.getMessage(), e);
        }
        return context;
    }

    /** TLS 1.2/1.3 and the host name checked (as HTTPS does). */
    public SSLParameters parameters() {
        SSLParameters parameters = context().getDefaultSSLParameters();
        parameters.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        return parameters;
    }

    /**
     * Wraps a connected socket and runs the handshake (within the socket's read timeout).
     *
     * @throws javax.net.ssl.SSLException when the peer is refused or refuses us; {@link #why} says why in plain words
     */
    public SSLSocket handshake(Socket connected, String host, int port) throws java.io.IOException {
        SSLSocket tls = (SSLSocket) context().getSocketFactory().createSocket(connected, host, port, true);
        tls.setSSLParameters(parameters());
        tls.startHandshake();
        return tls;
    }

    /** An engine for a client connection to the host (for non-blocking clients). */
    public SSLEngine engine(String host, int port) {
        SSLEngine engine = context().createSSLEngine(host, port);
        engine.setUseClientMode(true);
        engine.setSSLParameters(parameters());
        return engine;
    }

    /** Why a handshake failed, in plain words: expired, unknown CA, name mismatch and the like. */
    public static String why(Throwable failure) {
        return TlsFailure.plain(failure, Optional.empty());
    }

    /**
     * Why a connection failed, in plain words, when TLS refused it (an {@link javax.net.ssl.SSLException} or a
     * certificate check anywhere in the causes); empty when it failed for another reason (refused, timed out, reset).
     * Every outbound client reports a refused handshake with this, as a temporary failure.
     */
    public static Optional<String> refusal(Throwable failure) {
        return tlsCause(failure).map(at -> why(failure));
    }

    /**
     * The same, followed by the words of the library that connected (a driver's "SSL error: …"), for clients whose own
     * message an operator may search for: {@code unknown CA: … (the driver: SSL error: PKIX path building failed …)}.
     */
    public static Optional<String> refusal(Throwable failure, String library) {
        return tlsCause(failure).map(said -> why(failure) + " (" + library + ": "
                + (said.getMessage() == null ? said.getClass().getSimpleName() : said.getMessage().lines().findFirst().orElse("")) + ")");
    }

    /** The throwable that reports the TLS failure in the library's words: the one wrapping the JDK's, or the one saying it. */
    private static Optional<Throwable> tlsCause(Throwable failure) {
        Throwable above = failure;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof javax.net.ssl.SSLException || t instanceof CertificateException) return Optional.of(above);
            if (t.getMessage() != null && TlsFailure.saysTls(t.getMessage())) return Optional.of(t);
            above = t;
            if (t.getCause() == t) break;
        }
        return Optional.empty();
    }

    private static KeyManager[] keyManagers(LoadedCertificate pair) throws GeneralSecurityException {
        if (pair == null) return null;
        KeyStore store = emptyStore();
        char[] password = new char[0];
        store.setKeyEntry("client", pair.key(), password, pair.chain().toArray(X509Certificate[]::new));
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(store, password);
        return factory.getKeyManagers();
    }

    /** The system's roots, and the named CA's certificates beside them. */
    private static X509ExtendedTrustManager trust(LoadedCertificate ca) throws GeneralSecurityException {
        X509ExtendedTrustManager system = manager(null);
        if (ca == null) return system;
        KeyStore store = emptyStore();
        int i = 0;
        for (X509Certificate c : ca.chain()) store.setCertificateEntry("ca-" + i++, c);
        return new Either(system, manager(store));
    }

    /** An empty in-memory key store, for the pair or the CA in use now. */
    private static KeyStore emptyStore() throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException(e);
        }
        return store;
    }

    private static X509ExtendedTrustManager manager(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        for (TrustManager m : factory.getTrustManagers()) {
            if (m instanceof X509ExtendedTrustManager x) return x;
        }
        throw new GeneralSecurityException("no X.509 trust manager");
    }

    /** Trusts what either the system's roots or the named CA trusts (each with its own host name check). */
    private static final class Either extends X509ExtendedTrustManager {
        private final X509ExtendedTrustManager system;
        private final X509ExtendedTrustManager named;

        Either(X509ExtendedTrustManager system, X509ExtendedTrustManager named) {
            this.system = system;
            this.named = named;
        }

        private interface Check {
            void run(X509ExtendedTrustManager m) throws CertificateException;
        }

        private static void either(X509ExtendedTrustManager first, X509ExtendedTrustManager second, Check check)
                throws CertificateException {
            try {
                check.run(second);
            } catch (CertificateException notNamed) {
                try {
                    check.run(first);
                } catch (CertificateException notSystem) {
                    throw notNamed; // the named CA's words: usually the one meant
                }
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String auth, Socket socket) throws CertificateException {
            either(system, named, m -> m.checkServerTrusted(chain, auth, socket));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String auth, SSLEngine engine) throws CertificateException {
            either(system, named, m -> m.checkServerTrusted(chain, auth, engine));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String auth) throws CertificateException {
            either(system, named, m -> m.checkServerTrusted(chain, auth));
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String auth, Socket socket) throws CertificateException {
            either(system, named, m -> m.checkClientTrusted(chain, auth, socket));
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String auth, SSLEngine engine) throws CertificateException {
            either(system, named, m -> m.checkClientTrusted(chain, auth, engine));
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String auth) throws CertificateException {
            either(system, named, m -> m.checkClientTrusted(chain, auth));
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            List<X509Certificate> all = new ArrayList<>(List.of(named.getAcceptedIssuers()));
            all.addAll(List.of(system.getAcceptedIssuers()));
            return all.toArray(X509Certificate[]::new);
        }
    }
}
