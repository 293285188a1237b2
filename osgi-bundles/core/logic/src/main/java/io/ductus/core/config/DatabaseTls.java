package io.ductus.core.config;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A PostgreSQL URL's {@code tls_ca=NAME}: a CA (or a pair's chain) of resources.yaml that the server's certificate must
 * be issued by, its name checked against the host ({@code sslmode=verify-full} unless the URL says another mode). The
 * driver takes its CA as a file ({@code sslrootcert}); this puts the entry's file in for the name. Pure: where an entry's
 * file is comes in as a function (its path as text).
 */
public final class DatabaseTls {

    /** The URL parameter naming the CA. */
    public static final String CA = "tls_ca";

    private DatabaseTls() {
    }

    /** The CA a URL names, if any. */
    public static Optional<String> caName(String url) {
        for (String[] p : parameters(url)) {
            if (p[0].equals(CA)) return Optional.of(p[1]);
        }
        return Optional.empty();
    }

    /**
     * The URL as the driver takes it: {@code tls_ca=NAME} replaced by {@code sslrootcert=FILE} (and {@code sslmode=verify-full}
     * when the URL gives no mode); unchanged without {@code tls_ca}.
     *
     * @param caFile the path of the PEM file of the entry by that name
     * @throws IllegalArgumentException when the URL gives both tls_ca and sslrootcert, or the function refuses the name
     */
    public static String resolve(String url, Function<String, String> caFile) {
        Optional<String> name = caName(url);
        if (name.isEmpty()) return url;
        List<String[]> parameters = parameters(url);
        if (parameters.stream().anyMatch(p -> p[0].equals("sslrootcert"))) {
            throw new IllegalArgumentException(CA + " and sslrootcert both given: name the CA of resources.yaml, or its file, not both");
        }
        String file = caFile.apply(name.get());
        StringBuilder query = new StringBuilder();
        for (String[] p : parameters) {
            if (p[0].equals(CA)) continue;
            query.append(query.isEmpty() ? "" : "&").append(p[2]);
        }
        query.append(query.isEmpty() ? "" : "&").append("sslrootcert=").append(encode(file));
        if (parameters.stream().noneMatch(p -> p[0].equals("sslmode"))) query.append("&sslmode=verify-full");
        return url.substring(0, url.indexOf('?')) + "?" + query;
    }

    /** Each query parameter as {name, value, as written}. */
    private static List<String[]> parameters(String url) {
        List<String[]> all = new ArrayList<>();
        int q = url.indexOf('?');
        if (q < 0) return all;
        for (String pair : url.substring(q + 1).split("&")) {
            if (pair.isEmpty()) continue;
            String[] kv = pair.split("=", 2);
            all.add(new String[] {decode(kv[0]), kv.length == 2 ? decode(kv[1]) : "", pair});
        }
        return all;
    }

    /** Percent-decoding as the store reads the URL (a + stays a +). */
    private static String decode(String s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                int hex = hex(s, i);
                if (hex >= 0) {
                    bytes.write(hex);
                    i += 2;
                    continue;
                }
            }
            bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int hex(String s, int at) {
        int high = Character.digit(s.charAt(at + 1), 16);
        int low = Character.digit(s.charAt(at + 2), 16);
        return high < 0 || low < 0 ? -1 : high * 16 + low;
    }

    /** Percent-encoding of a query value: letters, digits and {@code - . _ ~ /} as they are. */
    private static String encode(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 128 && (Character.isLetterOrDigit(c) || "-._~/".indexOf(c) >= 0)) out.append(c);
            else out.append('%').append(String.format("%02X", b & 0xff));
        }
        return out.toString();
    }
}
