package io.ductus.format.csv;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** CSV files copied byte for byte from shared/testdata/corpus (see its MANIFEST.tsv for their sources). */
final class CsvCorpus {

    /** Spreadsheet export: quoted cells with line breaks, commas and doubled quotes; no line break at the end. */
    static final String MAPPING = "mapping_prs-NK1-to-RelatedPerson.csv";
    /** Lab rows: a quoted name with a comma, a single-quoted name, a TAB in an unquoted field. */
    static final String LABS = "labs_prs-quoted-strings-with-embedded-commas.csv";

    private CsvCorpus() {
    }

    static String text(String name) {
        try (InputStream in = CsvCorpus.class.getResourceAsStream("corpus/" + name)) {
            if (in == null) throw new IllegalStateException("missing test resource corpus/" + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
