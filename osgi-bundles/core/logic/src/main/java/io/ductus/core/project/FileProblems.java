package io.ductus.core.project;

import java.util.ArrayList;
import java.util.List;

/** Collects every problem found in one file; checking never stops at the first. */
final class FileProblems {

    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    FileProblems(String file) {
        this.file = file;
    }

    void add(Position position, String field, String message) {
        problems.add(new Problem(file, position, field, message));
    }

    boolean isEmpty() {
        return problems.isEmpty();
    }

    List<Problem> list() {
        return List.copyOf(problems);
    }

    String file() {
        return file;
    }

    static String join(String prefix, String key) {
        return prefix.isEmpty() ? key : prefix + "." + key;
    }
}
