package io.ductus.studio.design;

import io.ductus.studio.hl7.Hl7Node;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the editor offers to complete the word at the cursor: the SDK's functions, and {@code msg.get('…')} for
 * every position the selected sample actually has (its fields, components, repetitions). Pure.
 */
public final class Completions {

    /** The interface code's SDK (docs/transforms.md): message access, decisions, services, tests. */
    static final List<String> SDK = List.of("msg.get('')", "msg.set('', )", "msg.segments('')", "msg.add('')", "msg.remove()",
            "msg.toString()", "meta.id", "meta.receivedAt", "meta.interface", "meta.destination", "meta.origin", "filter('')",
            "quarantine('')", "transient('')", "env('')", "secret('')", "db('').query('', [])", "db('').execute('', [])", "fetch('', {})",
            "log.info()", "log.warn()", "log.error()", "console.log()", "hl7``", "test('', () => {})", "expect().toBe()", "run(, )",
            "mock.env('', '')", "mock.db()", "mock.fetch()");

    private Completions() {
    }

    /** The word before the cursor: letters, digits, dots, and a started path ({@code msg.get('PI}). */
    public static String prefix(String text, int caret) {
        int start = Math.min(caret, text.length());
        while (start > 0) {
            char c = text.charAt(start - 1);
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '(' || c == '\'' || c == '-') start--;
            else break;
        }
        return text.substring(start, Math.min(caret, text.length()));
    }

    /** Candidates starting with the prefix (case-insensitive), sample paths after the SDK's functions, at most {@code limit}. */
    public static List<String> candidates(String prefix, Hl7Node sample, int limit) {
        Set<String> all = new LinkedHashSet<>(SDK);
        if (sample != null) paths(sample, all);
        String p = prefix.toLowerCase(java.util.Locale.ROOT);
        String pathPart = p.startsWith("msg.get('") ? p.substring("msg.get('".length()) : null;
        List<String> out = new ArrayList<>();
        for (String c : all) {
            String lc = c.toLowerCase(java.util.Locale.ROOT);
            boolean match = lc.startsWith(p) || (pathPart == null && c.startsWith("msg.get('") && lc.substring(9).startsWith(p));
            if (match && !lc.equals(p)) out.add(c);
            if (out.size() >= limit) break;
        }
        return out;
    }

    private static void paths(Hl7Node node, Set<String> out) {
        if (node.kind() != Hl7Node.Kind.MESSAGE && node.kind() != Hl7Node.Kind.SEGMENT && node.value() != null && !node.value().isEmpty()) {
            out.add("msg.get('" + node.path() + "')");
        }
        for (Hl7Node child : node.children()) paths(child, out);
    }
}
