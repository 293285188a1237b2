package io.ductus.core.project;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How a payload is parsed for the transform, and what a transform's output is. */
public enum Format {
    HL7, JSON, XML, CSV, TEXT;

    /** The word written in interface.yaml. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Format fromWord(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }

    static List<String> words() {
        return Arrays.stream(values()).map(Format::word).toList();
    }
}
