package io.ductus.studio.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The project's interfaces with their files, searchable: a query matches an interface's name, a file's path,
 * or a line of a file (settings and code alike), case-insensitively. Pure: the files come in from outside.
 */
public final class ProjectIndex {

    /** An interface in the tree, with the files that match (all its files when the name matched or no query). */
    public record Entry(String name, List<Hit> files) {
    }

    /** A file, and when a line of it matched, that line (from 1) and its text. */
    public record Hit(String interfaceName, String path, int line, String excerpt) {

        public String label() {
            String file = path.substring(path.lastIndexOf('/') + 1);
            return line == 0 ? file : file + ":" + line + "  " + excerpt;
        }
    }

    private final Map<String, Map<String, String>> interfaces = new TreeMap<>();

    public void put(String name, Map<String, String> files) {
        interfaces.put(name, new TreeMap<>(files));
    }

    public void putName(String name) {
        interfaces.putIfAbsent(name, new TreeMap<>());
    }

    public void retainOnly(java.util.Collection<String> names) {
        interfaces.keySet().retainAll(names);
    }

    public java.util.Set<String> names() {
        return java.util.Set.copyOf(interfaces.keySet());
    }

    public List<Entry> search(String query) {
        String q = query == null ? "" : query.strip().toLowerCase(Locale.ROOT);
        List<Entry> found = new ArrayList<>();
        for (var e : interfaces.entrySet()) {
            String name = e.getKey();
            boolean nameMatches = q.isEmpty() || name.toLowerCase(Locale.ROOT).contains(q);
            List<Hit> hits = new ArrayList<>();
            for (var f : e.getValue().entrySet()) {
                if (nameMatches || f.getKey().toLowerCase(Locale.ROOT).contains(q)) {
                    hits.add(new Hit(name, f.getKey(), 0, ""));
                    if (nameMatches) continue;
                }
                String[] lines = f.getValue().split("\\R", -1);
                for (int i = 0; i < lines.length && !nameMatches; i++) {
                    if (lines[i].toLowerCase(Locale.ROOT).contains(q)) hits.add(new Hit(name, f.getKey(), i + 1, lines[i].strip()));
                }
            }
            if (nameMatches || !hits.isEmpty()) found.add(new Entry(name, hits));
        }
        return found;
    }
}
