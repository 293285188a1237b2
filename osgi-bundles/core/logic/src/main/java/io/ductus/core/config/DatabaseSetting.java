package io.ductus.core.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;

/**
 * The {@code database:} setting: {@code sqlite:<path>} (the embedded default) or
 * {@code postgres://user:pass@host:port/db}. Parsing it is pure; opening it is the store's job.
 *
 * @param kind     which store the engine uses
 * @param location the SQLite file path as written, or the PostgreSQL URL as written
 */
public record DatabaseSetting(Kind kind, String location) {

    /** The databases Ductus stores into. */
    public enum Kind {
        SQLITE, POSTGRES;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final String EXPECTED = "sqlite:<path> or postgres://user:pass@host:port/db";

    public DatabaseSetting {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(location, "location");
    }

    /** Parses the setting; the exception's message says what is wrong and what was expected. */
    public static DatabaseSetting parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.startsWith("sqlite:")) {
            String path = s.substring("sqlite:".length());
            if (path.isBlank()) throw new IllegalArgumentException("sqlite: needs a file path, as sqlite:data/ductus.db");
            return new DatabaseSetting(Kind.SQLITE, path);
        }
        if (s.startsWith("postgres://") || s.startsWith("postgresql://")) {
            URI uri = toUri(s);
            if (uri.getHost() == null) throw new IllegalArgumentException("postgres URL has no host: " + redact(s));
            String path = uri.getPath();
            if (path == null || path.length() < 2) {
                throw new IllegalArgumentException("postgres URL names no database (…/dbname): " + redact(s));
            }
            return new DatabaseSetting(Kind.POSTGRES, s);
        }
        throw new IllegalArgumentException("expected " + EXPECTED + ", got '" + redact(s) + "'");
    }

    /** The setting for the embedded default: the SQLite file in the data folder. */
    public static DatabaseSetting defaultIn(String dataFolder) {
        return new DatabaseSetting(Kind.SQLITE, dataFolder.endsWith("/") ? dataFolder + "ductus.db" : dataFolder + "/ductus.db");
    }

    /** How it is shown in logs and the API: the password is never printed. */
    public String display() {
        return kind == Kind.SQLITE ? "sqlite:" + location : redact(location);
    }

    private static URI toUri(String s) {
        try {
            return new URI(s);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("postgres URL is not valid (" + e.getReason() + "): " + redact(s));
        }
    }

    /** Replaces the password in {@code scheme://user:password@host} with {@code ***}. */
    static String redact(String s) {
        int scheme = s.indexOf("://");
        int at = s.indexOf('@');
        if (scheme < 0 || at < scheme) return s;
        int colon = s.indexOf(':', scheme + 3);
        if (colon < 0 || colon > at) return s;
        return s.substring(0, colon + 1) + "***" + s.substring(at);
    }
}
