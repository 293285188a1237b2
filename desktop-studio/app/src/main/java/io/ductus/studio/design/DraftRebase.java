package io.ductus.studio.design;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.Patch;
import com.github.difflib.patch.PatchFailedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Rebases a draft onto a newer revision, file by file: my change (from the draft's base to the draft) applied as
 * a patch to their files. A file both sides changed at the same lines is a conflict, named, never guessed at;
 * a file only one side changed, added or removed takes that side's version. Pure.
 */
public final class DraftRebase {

    /** The rebased files, or the files that conflict (then the files are not to be used). */
    public record Result(Map<String, String> files, List<String> conflicts) {
    }

    private DraftRebase() {
    }

    public static Result rebase(Map<String, String> original, Map<String, String> mine, Map<String, String> theirs) {
        Map<String, String> out = new TreeMap<>();
        List<String> conflicts = new ArrayList<>();
        TreeSet<String> paths = new TreeSet<>(original.keySet());
        paths.addAll(mine.keySet());
        paths.addAll(theirs.keySet());
        for (String path : paths) {
            String o = original.get(path);
            String m = mine.get(path);
            String t = theirs.get(path);
            if (Objects.equals(m, o)) {
                if (t != null) out.put(path, t);          // only they changed it (or nobody did)
            } else if (Objects.equals(t, o) || Objects.equals(t, m)) {
                if (m != null) out.put(path, m);          // only I changed it, or we both made the same change
            } else if (m == null || t == null || o == null) {
                conflicts.add(path);                      // one side removed or added it, the other changed it
            } else {
                String merged = merged(o, m, t);
                if (merged == null) conflicts.add(path);
                else out.put(path, merged);
            }
        }
        return new Result(out, conflicts);
    }

    private static String merged(String original, String mine, String theirs) {
        Patch<String> patch = DiffUtils.diff(lines(original), lines(mine));
        try {
            // each change found where its lines now are (their edits may have moved them), its own lines exactly
            return String.join("\n", patch.applyFuzzy(new java.util.ArrayList<>(lines(theirs)), 0));
        } catch (PatchFailedException e) {
            return null;
        }
    }

    private static List<String> lines(String text) {
        return List.of(text.split("\n", -1));
    }
}
