package io.ductus.launcher;

import io.ductus.client.DuctusClient;
import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.Certificates;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import java.net.URI;
import java.net.URISyntaxException;
import picocli.CommandLine.Option;

/** Which running engine a command acts on, through its REST API, and the token it calls with. */
final class EngineOptions {

    static final String TOKEN_VARIABLE = "DUCTUS_TOKEN";

    @Option(names = "--url", paramLabel = "URL", description = "The engine's API (default: http://127.0.0.1:7700).")
    String url = "http://127.0.0.1:7700";

    @Option(names = "--token", paramLabel = "TOKEN", defaultValue = "${env:" + TOKEN_VARIABLE + "}",
            description = "An API token (dux_…; default: the environment variable " + TOKEN_VARIABLE + ").")
    String token;

    @Option(names = "--ca", paramLabel = "FILE",
            description = "PEM: a CA to trust for an https:// --url, beside the system's roots (the API's own CA, say).")
    Path ca;

    @Option(names = "--cert", paramLabel = "FILE", description = "PEM: a client certificate (chain) to show an API that asks for one.")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", description = "PEM: the key of --cert.")
    Path key;

    /** The client for this engine; a bad URL or no token is a bad argument (exit code 2). */
    RemoteEngine client() {
        if (token == null || token.isBlank()) {
            throw new BadArgumentException("a token is needed: --token TOKEN or the environment variable " + TOKEN_VARIABLE
                    + " (ductus token create makes one)");
        }
        URI base;
        try {
            base = new URI(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (URISyntaxException e) {
            throw new BadArgumentException("--url: '" + url + "' is not a URL: " + e.getReason());
        }
        if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme()) || base.getHost() == null) {
            throw new BadArgumentException("--url: expected http://host:port, got '" + url + "'");
        }
        return new RemoteEngine(DuctusClient.withToken(base, token.strip(), tls()));
    }

    /**
     * The TLS of --ca, --cert and --key, loaded and checked as the engine checks resources.yaml's certificates (expired,
     * key not the certificate's, chain out of order: a bad argument naming the option); null without them.
     */
    private javax.net.ssl.SSLContext tls() {
        if ((cert == null) != (key == null)) throw new BadArgumentException("--cert and --key go together");
        if (ca == null && cert == null) return null;
        List<CertificateEntry> entries = new ArrayList<>();
        if (ca != null) entries.add(CertificateEntry.caFile("--ca", ca.toAbsolutePath()));
        if (cert != null) entries.add(CertificateEntry.pairFiles("--cert", cert.toAbsolutePath(), key.toAbsolutePath()));
        Certificates loaded = new Certificates();
        List<String> problems = loaded.install(entries, Clock.systemUTC(), line -> { }, line -> { });
        if (!problems.isEmpty()) throw new BadArgumentException(String.join("; ", problems).replace("certificate '", "'"));
        return loaded.client(Optional.ofNullable(ca).map(c -> "--ca"), Optional.ofNullable(cert).map(c -> "--cert")).context();
    }
}
