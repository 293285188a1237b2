package io.ductus.core.replay;

import io.ductus.core.compare.Difference;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Paths a replay does not compare, as a run names them ({@code --ignore MSH-7}): a path covers itself and
 * everything below it (MSH-7 covers MSH-7.1 and MSH-7[2], $.meta covers $.meta.at, /order/@id just the
 * attribute), and an HL7 path without a segment occurrence covers every occurrence (OBX-5 covers OBX[2]-5).
 */
public final class IgnoredPaths {

    private static final Pattern OCCURRENCE = Pattern.compile("^([A-Z][A-Z0-9]{2})\\[\\d+]");

    private final List<String> paths;

    public IgnoredPaths(List<String> paths) {
        this.paths = paths.stream().map(String::strip).filter(p -> !p.isEmpty()).toList();
    }

    public List<String> paths() {
        return paths;
    }

    public List<Difference> without(List<Difference> differences) {
        if (paths.isEmpty()) return differences;
        return differences.stream().filter(d -> !ignored(d.path())).toList();
    }

    public boolean ignored(String path) {
        String plain = OCCURRENCE.matcher(path).replaceFirst("$1");
        for (String p : paths) {
            if (covers(p, path) || covers(p, plain)) return true;
        }
        return false;
    }

    private static boolean covers(String ignored, String path) {
        if (!path.startsWith(ignored)) return false;
        if (path.length() == ignored.length()) return true;
        char next = path.charAt(ignored.length());
        return next == '.' || next == '[' || next == '/' || next == '-';
    }
}
