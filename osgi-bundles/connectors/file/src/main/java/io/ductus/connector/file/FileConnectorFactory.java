package io.ductus.connector.file;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import io.ductus.sdk.files.FolderSourceChecks;
import io.ductus.sdk.files.PathTemplate;
import io.ductus.sdk.records.RecordSplitter;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/** The {@code file} connector type: a source that reads the files dropped in a folder, and a destination that writes one file per message. */
@Component(service = ConnectorFactory.class)
public final class FileConnectorFactory implements ConnectorFactory {

    static final ConfigSchema SOURCE = ConfigSchema.builder()
            .required("folder", FieldType.STRING, "the folder to watch, relative to the data folder (or absolute)")
            .oneOf("split", List.of("hl7", "csv", "lines", "none"), null, "how a file becomes messages: hl7 (one per MSH,"
                    + " batch envelopes dropped), csv (one per row, the header row in front), lines (one per line) or none (the whole file)")
            .optional("include", FieldType.STRING, "*", "which file names are read, as a glob such as *.csv or ADT_*.{hl7,txt};"
                    + " dot-files never are")
            .optional("poll", FieldType.DURATION, "5s", "how often the folder is listed")
            .optional("ready_marker", FieldType.STRING, null, "a file is ready when a marker file of its name plus this suffix"
                    + " exists (.done: a.csv.done marks a.csv); without it, when its size and time are unchanged between two listings")
            .oneOf("after", List.of("move", "delete"), "move", "what happens to a file once every record of it is stored")
            .optional("done_folder", FieldType.STRING, "done", "where finished files are moved (after: move), relative to the"
                    + " watched folder; a name already there is never overwritten")
            .optional("error_folder", FieldType.STRING, "error", "where files that cannot be read go, relative to the watched"
                    + " folder, each with a .error.txt note saying why")
            .optional("max_file_size", FieldType.INTEGER, 256L * 1024 * 1024, "split: none only: the largest file taken whole, in bytes")
            .optional("max_record_size", FieldType.INTEGER, (long) RecordSplitter.DEFAULT_MAX_RECORD,
                    "the largest record (and line) taken when splitting, in bytes")
            .build();

    static final ConfigSchema DESTINATION = ConfigSchema.builder()
            .required("path", FieldType.STRING, "file path, relative to the data folder, with placeholders such as"
                    + " out/{MSH-10}-{id}.hl7: {id}, {interface}, {destination}, {received:yyyyMMdd} and message fields")
            .optional("fsync", FieldType.BOOLEAN, true, "force each file and its folder to disk before it counts as sent")
            .build();

    static final ConnectorType TYPE = ConnectorType.sourceAndDestination("file",
            "Reads the files dropped in a folder (source), or writes each message to its own file under a temporary name"
                    + " first and then renamed into place (destination).", SOURCE, DESTINATION);

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        return role == Role.SOURCE ? FolderSourceChecks.problems(config) : checkDestination(config);
    }

    private static List<ConfigProblem> checkDestination(ConnectorConfig config) {
        try {
            PathTemplate.parse(config.string("path"));
            return List.of();
        } catch (IllegalArgumentException e) {
            return List.of(new ConfigProblem("path", e.getMessage()));
        }
    }

    @Override
    public Source createSource(ConnectorConfig config, ConnectorContext context) {
        return new FileSource(FileSourceSettings.of(config, context.dataDirectory()), context);
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new FileDestination(PathTemplate.parse(config.string("path")), config.bool("fsync"), context);
    }
}
