package io.ductus.core.project;

import java.util.Locale;

/** Whether a message is on disk before it is acknowledged (strict) or may still be in the OS cache (relaxed). */
public enum Durability {
    STRICT, RELAXED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Durability fromWord(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }
}
