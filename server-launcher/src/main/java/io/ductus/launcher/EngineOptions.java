package io.ductus.launcher;

import io.ductus.client.DuctusClient;

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
        return new RemoteEngine(DuctusClient.withToken(base, token.strip()));
    }
}
