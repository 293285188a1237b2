package io.ductus.core.project;

import io.ductus.core.project.shape.Text;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;

/**
 * Puts the secrets into a connector's settings as it starts: every {@code ${secret:NAME}} inside a text
 * (a whole password, or part of a header line) is replaced by the secret's value, in nested maps and lists
 * too. The project's files keep only the reference (invariant 6); the values live only in memory.
 */
public final class SecretReferences {

    private SecretReferences() {
    }

    /**
     * @param secret a secret's value by name; throws (with a message an operator can act on) when there is none
     * @throws IllegalArgumentException naming the setting whose secret could not be read
     */
    public static Map<String, Object> resolve(Map<String, Object> settings, Function<String, String> secret) {
        Map<String, Object> resolved = new LinkedHashMap<>();
        settings.forEach((name, value) -> resolved.put(name, resolve(name, value, secret)));
        return resolved;
    }

    private static Object resolve(String path, Object value, Function<String, String> secret) {
        if (value instanceof String text) return resolveText(path, text, secret);
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> resolved = new LinkedHashMap<>();
            map.forEach((k, v) -> resolved.put(String.valueOf(k), resolve(path + "." + k, v, secret)));
            return resolved;
        }
        if (value instanceof List<?> list) {
            List<Object> resolved = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) resolved.add(resolve(path + "[" + i + "]", list.get(i), secret));
            return resolved;
        }
        return value;
    }

    private static String resolveText(String path, String text, Function<String, String> secret) {
        if (!text.contains("${secret:")) return text;
        Matcher m = Text.SECRET_REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value;
            try {
                value = secret.apply(m.group(1));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
