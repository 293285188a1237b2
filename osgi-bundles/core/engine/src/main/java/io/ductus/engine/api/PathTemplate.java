package io.ductus.engine.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A route's path with {@code {name}} segments, matched segment by segment against request paths. */
public record PathTemplate(String text, List<String> segments) {

    public static PathTemplate of(String text) {
        if (!text.startsWith("/")) throw new IllegalArgumentException("a path starts with /: " + text);
        return new PathTemplate(text, List.of(text.substring(1).split("/", -1)));
    }

    /** The names of the path parameters, in order. */
    public List<String> parameters() {
        List<String> names = new ArrayList<>();
        for (String s : segments) if (isParameter(s)) names.add(s.substring(1, s.length() - 1));
        return names;
    }

    /** The parameters' values when {@code path} matches, else empty. A parameter never matches an empty segment. */
    public Optional<Map<String, String>> match(String path) {
        if (!path.startsWith("/")) return Optional.empty();
        String[] parts = path.substring(1).split("/", -1);
        if (parts.length != segments.size()) return Optional.empty();
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < parts.length; i++) {
            String s = segments.get(i);
            if (isParameter(s)) {
                if (parts[i].isEmpty()) return Optional.empty();
                values.put(s.substring(1, s.length() - 1), parts[i]);
            } else if (!s.equals(parts[i])) {
                return Optional.empty();
            }
        }
        return Optional.of(values);
    }

    private static boolean isParameter(String segment) {
        return segment.length() > 2 && segment.startsWith("{") && segment.endsWith("}");
    }
}
