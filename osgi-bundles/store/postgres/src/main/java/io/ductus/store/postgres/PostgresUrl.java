package io.ductus.store.postgres;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parts of {@code postgres://user:pass@host:port/db?name=value}. User and password may be
 * percent-encoded; query parameters are passed to the driver as connection properties, except
 * {@code pool_size}, which sizes the connection pool.
 */
record PostgresUrl(String host, int port, String database, String user, String password, int poolSize,
                   Map<String, String> properties) {

    static final int DEFAULT_PORT = 5432;
    static final int DEFAULT_POOL_SIZE = 20;

    static PostgresUrl parse(String url) {
        URI uri = URI.create(url);
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = decode(parts[0]);
            if (parts.length == 2) password = decode(parts[1]);
        }
        String database = decode(uri.getRawPath().substring(1));
        Map<String, String> properties = new LinkedHashMap<>();
        int poolSize = DEFAULT_POOL_SIZE;
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                if (pair.isEmpty()) continue;
                String[] kv = pair.split("=", 2);
                String name = decode(kv[0]);
                String value = kv.length == 2 ? decode(kv[1]) : "";
                if (name.equals("pool_size")) poolSize = Integer.parseInt(value);
                else properties.put(name, value);
            }
        }
        return new PostgresUrl(uri.getHost(), uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), database, user,
                password, poolSize, properties);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
