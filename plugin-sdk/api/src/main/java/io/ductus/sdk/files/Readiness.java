package io.ductus.sdk.files;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which files of a folder listing are ready to read, in the order to read them. A writer may still be
 * writing a file, so a file is ready when a marker file says so ({@code ready_marker}), or, without
 * markers, when its size and modification time have not changed since the previous listing. Dot-files
 * (temporary names by convention) and names the include pattern does not match are never read. Pure:
 * both listings come in as arguments.
 */
public final class Readiness {

    private static final Comparator<ListedFile> OLDEST_FIRST =
            Comparator.comparingLong(ListedFile::modified).thenComparing(ListedFile::name);

    private final Predicate<String> include;
    private final Optional<String> marker;

    /**
     * @param include which file names are read (the glob setting)
     * @param marker  the suffix of marker files ({@code .done} marks {@code a.csv} with {@code a.csv.done}), or empty
     */
    public Readiness(Predicate<String> include, Optional<String> marker) {
        this.include = include;
        this.marker = marker;
    }

    /**
     * The ready files, oldest first, except that the file being read when the source last stopped comes
     * first when it is still as it was then: it is finished before anything else is started.
     *
     * @param now        this listing (every regular file of the folder, markers included)
     * @param previous   the previous listing by name (empty at the first poll)
     * @param inProgress the file the saved progress is about, as it was then, or null
     */
    public List<ListedFile> ready(List<ListedFile> now, Map<String, ListedFile> previous, ListedFile inProgress) {
        Set<String> names = new HashSet<>();
        for (ListedFile f : now) names.add(f.name());
        List<ListedFile> ready = new ArrayList<>();
        ListedFile resumed = null;
        for (ListedFile f : now) {
            if (!readable(f.name())) continue;
            if (f.unchangedSince(inProgress)) {
                resumed = f;
            } else if (marker.isPresent() ? names.contains(f.name() + marker.get()) : f.unchangedSince(previous.get(f.name()))) {
                ready.add(f);
            }
        }
        ready.sort(OLDEST_FIRST);
        if (resumed != null) ready.addFirst(resumed);
        return ready;
    }

    /**
     * A glob over file names ({@code *.csv}, {@code ADT_*.{hl7,txt}}), for the {@code include} setting;
     * IllegalArgumentException when it does not compile.
     */
    public static Predicate<String> glob(String pattern) {
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        return name -> matcher.matches(Path.of(name));
    }

    /** Whether a file of this name is one the source reads (not a dot-file, not a marker, matching the pattern). */
    public boolean readable(String name) {
        if (name.startsWith(".")) return false;
        if (marker.isPresent() && name.endsWith(marker.get())) return false;
        return include.test(name);
    }
}
