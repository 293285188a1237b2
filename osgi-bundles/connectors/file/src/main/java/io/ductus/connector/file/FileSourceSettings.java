package io.ductus.connector.file;

import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.files.Readiness;
import io.ductus.sdk.records.RecordSplitter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The file source's settings, typed.
 *
 * @param folder      the watched folder, resolved against the data folder
 * @param include     which file names are read
 * @param poll        how often the folder is listed
 * @param readyMarker the marker suffix, or empty: then a file is ready once unchanged between two listings
 * @param split       how a file is cut into records
 * @param delete      delete finished files instead of moving them
 * @param doneFolder  where finished files go
 * @param errorFolder where files that cannot be read go, each with a note saying why
 * @param maxFileSize the largest file taken whole ({@code split: none})
 * @param maxRecord   the largest record taken when splitting
 */
record FileSourceSettings(Path folder, Predicate<String> include, Duration poll, Optional<String> readyMarker, Split split,
                          boolean delete, Path doneFolder, Path errorFolder, long maxFileSize, int maxRecord) {

    /** How a file becomes messages. */
    enum Split {
        HL7, CSV, LINES, NONE;

        /** The splitter for this kind; none for {@link #NONE}. */
        Optional<RecordSplitter.Kind> kind() {
            return this == NONE ? Optional.empty() : Optional.of(RecordSplitter.Kind.valueOf(name()));
        }

        static Split of(String word) {
            return valueOf(word.toUpperCase(Locale.ROOT));
        }
    }

    static FileSourceSettings of(ConnectorConfig config, Path dataDirectory) {
        Path folder = dataDirectory.resolve(config.string("folder")).normalize();
        return new FileSourceSettings(folder, Readiness.glob(config.string("include")), config.duration("poll"),
                config.optionalString("ready_marker"), Split.of(config.string("split")), config.string("after").equals("delete"),
                folder.resolve(config.string("done_folder")).normalize(), folder.resolve(config.string("error_folder")).normalize(),
                config.integer("max_file_size"), (int) config.integer("max_record_size"));
    }
}
