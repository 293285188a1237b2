package io.ductus.core.revision;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which files of {@code lib/} an interface's code imports, found by reading its modules' import
 * statements ({@code import … from '../../lib/x.js'}, {@code import '…'}, {@code export … from '…'} and
 * {@code import('…')} with a literal), from the interface's own .js files and, transitively, from the lib
 * files they reach. A revision keeps those files, so it can be run again as it was. A specifier in a
 * comment counts too: a file more is harmless, a file less would not be.
 */
public final class CodeImports {

    private static final Pattern FROM = Pattern.compile("\\b(?:import|export)\\b[^'\";]*?\\bfrom\\s*(['\"])([^'\"\\n]+)\\1");
    private static final Pattern BARE = Pattern.compile("\\bimport\\s*(['\"])([^'\"\\n]+)\\1");
    private static final Pattern DYNAMIC = Pattern.compile("\\bimport\\s*\\(\\s*(['\"])([^'\"\\n]+)\\1\\s*\\)");

    private CodeImports() {
    }

    /**
     * The interface's own files with the lib/ files its code imports added.
     *
     * @param lib reads a file of the project by its path (lib/…), empty when there is none
     */
    public static InterfaceFiles withImportedLib(InterfaceFiles own, Function<String, Optional<byte[]>> lib) {
        Map<String, byte[]> found = new TreeMap<>();
        Deque<String> toRead = new ArrayDeque<>();
        for (String path : own.paths()) {
            if (path.endsWith(".js") || path.endsWith(".mjs")) toRead.add(path);
        }
        Set<String> seen = new LinkedHashSet<>(toRead);
        while (!toRead.isEmpty()) {
            String path = toRead.poll();
            byte[] source = own.contains(path) ? own.bytes(path).orElseThrow() : found.get(path);
            if (source == null) continue;
            for (String specifier : specifiers(new String(source, StandardCharsets.UTF_8))) {
                String target = resolve(path, specifier);
                if (target == null || !target.startsWith(InterfaceFiles.LIB) || !seen.add(target)) continue;
                Optional<byte[]> bytes = lib.apply(target);
                if (bytes.isEmpty()) continue; // an import that does not resolve: the code check says so
                found.put(target, bytes.get());
                toRead.add(target);
            }
        }
        return own.with(InterfaceFiles.of(own.interfaceName(), found));
    }

    /** The module specifiers a source names, in order. */
    static List<String> specifiers(String source) {
        List<String> all = new ArrayList<>();
        for (Pattern p : List.of(FROM, BARE, DYNAMIC)) {
            Matcher m = p.matcher(source);
            while (m.find()) all.add(m.group(2));
        }
        return all;
    }

    /** A relative specifier resolved against the importing file, as a project path; null for anything else. */
    static String resolve(String importer, String specifier) {
        if (!specifier.startsWith("./") && !specifier.startsWith("../")) return null;
        List<String> parts = new ArrayList<>(List.of(importer.split("/")));
        parts.remove(parts.size() - 1);
        for (String segment : specifier.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) continue;
            if (segment.equals("..")) {
                if (parts.isEmpty()) return null;
                parts.remove(parts.size() - 1);
            } else {
                parts.add(segment);
            }
        }
        return String.join("/", parts);
    }
}
