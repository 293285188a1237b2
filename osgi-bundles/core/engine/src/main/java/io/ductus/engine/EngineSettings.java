package io.ductus.engine;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.sdk.config.HostPort;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * What the launcher decided (from the command line and ductus.yaml), handed to the engine as framework
 * properties so no class needs to cross the framework boundary.
 */
public record EngineSettings(String version, Path project, Path data, DatabaseSetting database, HostPort apiListen,
                             Path plugins) {

    public static final String VERSION = "ductus.version";
    public static final String PROJECT = "ductus.project";
    public static final String DATA = "ductus.data";
    public static final String DATABASE = "ductus.database";
    public static final String API_LISTEN = "ductus.api.listen";
    public static final String PLUGINS = "ductus.plugins";

    /** Reads the settings; a missing property is a launcher bug, so it fails loudly with the property's name. */
    public static EngineSettings from(Function<String, String> properties) {
        return new EngineSettings(
                required(properties, VERSION),
                Path.of(required(properties, PROJECT)),
                Path.of(required(properties, DATA)),
                DatabaseSetting.parse(required(properties, DATABASE)),
                HostPort.parse(required(properties, API_LISTEN)),
                Path.of(required(properties, PLUGINS)));
    }

    private static String required(Function<String, String> properties, String key) {
        String value = properties.apply(key);
        if (value == null || value.isBlank()) throw new IllegalStateException("framework property " + key + " is not set");
        return value;
    }
}
