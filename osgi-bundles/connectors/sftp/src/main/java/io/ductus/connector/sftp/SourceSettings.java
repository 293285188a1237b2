package io.ductus.connector.sftp;

import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import io.ductus.sdk.files.Readiness;
import io.ductus.sdk.records.RecordSplitter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The SFTP source's own settings (the connection's are {@link ConnectionSettings}), the same as the file
 * source's, with a remote folder.
 *
 * @param folder      the remote folder polled
 * @param readiness   which files are read, and when they are ready
 * @param poll        how often the folder is listed
 * @param split       how a file is cut into records; empty: the whole file is one message
 * @param delete      delete finished files instead of moving them
 * @param doneFolder  where finished files go (remote)
 * @param errorFolder where files that cannot be read go (remote), each with a note saying why
 * @param readyMarker the marker suffix, or empty
 * @param maxFileSize the largest file taken whole
 * @param maxRecord   the largest record taken when splitting
 */
record SourceSettings(String folder, Readiness readiness, Duration poll, Optional<RecordSplitter.Kind> split, boolean delete,
                      String doneFolder, String errorFolder, Optional<String> readyMarker, long maxFileSize, int maxRecord) {

    static ConfigSchema.Builder declare(ConfigSchema.Builder schema) {
        return schema
                .required("folder", FieldType.STRING, "the remote folder to poll, relative to the login's home folder (or absolute)")
                .oneOf("split", List.of("hl7", "csv", "lines", "none"), null, "how a file becomes messages: hl7 (one per MSH,"
                        + " batch envelopes dropped), csv (one per row, the header row in front), lines (one per line) or none (the whole file)")
                .optional("include", FieldType.STRING, "*", "which file names are read, as a glob such as *.csv; dot-files never are")
                .optional("poll", FieldType.DURATION, "30s", "how often the remote folder is listed")
                .optional("ready_marker", FieldType.STRING, null, "a file is ready when a marker file of its name plus this suffix"
                        + " exists (.done: a.csv.done marks a.csv); without it, when its size and time are unchanged between two listings")
                .oneOf("after", List.of("move", "delete"), "move", "what happens to a remote file once every record of it is stored")
                .optional("done_folder", FieldType.STRING, "done", "where finished files are moved (after: move), relative to the"
                        + " polled folder; a name already there is never overwritten")
                .optional("error_folder", FieldType.STRING, "error", "where files that cannot be read go, relative to the polled"
                        + " folder, each with a .error.txt note saying why")
                .optional("max_file_size", FieldType.INTEGER, 256L * 1024 * 1024, "split: none only: the largest file taken whole, in bytes")
                .optional("max_record_size", FieldType.INTEGER, (long) RecordSplitter.DEFAULT_MAX_RECORD,
                        "the largest record (and line) taken when splitting, in bytes");
    }

    static SourceSettings of(ConnectorConfig config) {
        String folder = config.string("folder").strip();
        Optional<String> marker = config.optionalString("ready_marker");
        String split = config.string("split");
        return new SourceSettings(folder, new Readiness(Readiness.glob(config.string("include")), marker), config.duration("poll"),
                split.equals("none") ? Optional.empty() : Optional.of(RecordSplitter.Kind.valueOf(split.toUpperCase(Locale.ROOT))),
                config.string("after").equals("delete"), RemotePaths.join(folder, config.string("done_folder").strip()),
                RemotePaths.join(folder, config.string("error_folder").strip()), marker, config.integer("max_file_size"),
                (int) config.integer("max_record_size"));
    }
}
