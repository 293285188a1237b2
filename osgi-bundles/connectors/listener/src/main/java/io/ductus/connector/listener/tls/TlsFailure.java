package io.ductus.connector.listener.tls;

import java.util.Locale;
import java.util.Optional;

/**
 * A TLS failure in plain words: what the JDK's exceptions (handshake alerts, PKIX errors, timeouts) come to for an
 * operator: expired, unknown CA, name mismatch, no client certificate, not TLS at all.
 */
public final class TlsFailure {

    static final String NO_CLIENT_CERTIFICATE = "no client certificate given";

    private TlsFailure() {
    }

    /** Every message of the cause chain, in one line. */
    static String text(Throwable cause) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t.getMessage() != null) all.append(t.getMessage()).append(" | ");
            all.append(t.getClass().getSimpleName()).append(" | ");
        }
        return all.toString();
    }

    static boolean aboutClientCertificate(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.contains("received fatal alert")) return false; // the peer refused ours
        return t.contains("empty client certificate chain") || t.contains("pkix") || t.contains("certificate_required")
                || t.contains("certificateexpired") || t.contains("validity check failed");
    }

    /** Whether a failure without an SSLException among its causes is still TLS's (the PostgreSQL driver's own checks). */
    static boolean saysTls(String message) {
        String t = message.toLowerCase(Locale.ROOT);
        return t.contains("could not be verified by hostnameverifier") || t.contains("server does not support ssl");
    }

    private static String alert(String t) {
        int at = t.indexOf("received fatal alert: ");
        String rest = t.substring(at + "received fatal alert: ".length());
        int end = rest.indexOf(' ');
        return "alert " + (end < 0 ? rest : rest.substring(0, end));
    }

    /**
     * The plain reason of a failed handshake.
     *
     * @param unknownCa what an unknown issuer is called here ("client certificate not issued by CA 'x'"), when it differs
     */
    public static String plain(Throwable cause, Optional<String> unknownCa) {
        String text = text(cause);
        String t = text.toLowerCase(Locale.ROOT);
        if (t.contains("handshake timed out") || t.contains("sslhandshaketimeoutexception")) return "the TLS handshake did not finish in time";
        if (t.contains("not an ssl/tls record")) return "not TLS: the peer sent plain text to a TLS port";
        if (t.contains("server does not support ssl")) return "not TLS: the server does not offer TLS";
        if (t.contains("empty client certificate chain") || t.contains("certificate_required")) return NO_CLIENT_CERTIFICATE;
        if (t.contains("received fatal alert: certificate_unknown") || t.contains("received fatal alert: unknown_ca")
                || t.contains("received fatal alert: bad_certificate")) {
            return "the peer refused our certificate (" + alert(t) + "): it does not trust its issuer, or it is not for the"
                    + " name the peer connected to";
        }
        if (t.contains("certificateexpired") || t.contains("validity check failed") || t.contains("certificate_expired")
                || t.contains("notafter")) {
            return "certificate expired";
        }
        if (t.contains("no subject alternative") || t.contains("no name matching") || t.contains("doesn't match")
                || t.contains("does not match") || t.contains("could not be verified by hostnameverifier")) {
            return "name mismatch: the certificate is not for this host name";
        }
        if (t.contains("pkix path") || t.contains("unable to find valid certification path") || t.contains("unknown_ca")
                || t.contains("certificate_unknown") || t.contains("signature check failed")) {
            return unknownCa.orElse("unknown CA: the certificate is not issued by a trusted CA");
        }
        if (t.contains("protocol_version") || t.contains("no appropriate protocol") || t.contains("unsupported protocol")) {
            return "no common TLS version (1.2 or 1.3 needed)";
        }
        if (t.contains("no cipher suites in common") || t.contains("handshake_failure")) return "no common cipher suite";
        if (t.contains("bad_certificate")) return "the peer refused the certificate (bad_certificate)";
        String first = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        return "TLS handshake failed: " + first;
    }
}
