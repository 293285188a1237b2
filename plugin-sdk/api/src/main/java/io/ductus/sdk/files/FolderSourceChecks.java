package io.ductus.sdk.files;

import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks of the settings every source that reads a folder of files takes (file, SFTP): {@code include},
 * {@code poll}, {@code ready_marker}, {@code done_folder}, {@code error_folder}, {@code max_file_size} and
 * {@code max_record_size}. A factory adds what its own settings need.
 *
 * @since 1.1
 */
public final class FolderSourceChecks {

    private FolderSourceChecks() {
    }

    /** The problems of those settings, each naming its setting; empty when they are fine. */
    public static List<ConfigProblem> problems(ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        try {
            Readiness.glob(config.string("include"));
        } catch (IllegalArgumentException e) {
            problems.add(new ConfigProblem("include", "not a glob pattern: " + e.getMessage()));
        }
        if (config.duration("poll").compareTo(Duration.ofMillis(10)) < 0) {
            problems.add(new ConfigProblem("poll", "at least 10ms, got " + config.duration("poll").toMillis() + "ms"));
        }
        config.optionalString("ready_marker").ifPresent(marker -> {
            if (marker.isBlank() || marker.contains("/") || marker.contains("\\")) {
                problems.add(new ConfigProblem("ready_marker", "a suffix such as .done, without folders, got '" + marker + "'"));
            }
        });
        for (String folder : List.of("done_folder", "error_folder")) {
            String value = config.string(folder).strip();
            if (value.isEmpty() || value.equals(".")) {
                problems.add(new ConfigProblem(folder, "must name a folder other than the one read"));
            }
        }
        if (config.string("done_folder").strip().equals(config.string("error_folder").strip())) {
            problems.add(new ConfigProblem("error_folder", "must differ from done_folder, or refused files would look finished"));
        }
        if (config.integer("max_file_size") < 1) problems.add(new ConfigProblem("max_file_size", "at least 1 byte"));
        long maxRecord = config.integer("max_record_size");
        if (maxRecord < 16 || maxRecord > Integer.MAX_VALUE - 16) {
            problems.add(new ConfigProblem("max_record_size", "between 16 and " + (Integer.MAX_VALUE - 16) + " bytes, got " + maxRecord));
        }
        return problems;
    }
}
