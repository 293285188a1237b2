package io.ductus.launcher;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.project.ProjectSettings;
import io.ductus.project.LoadedProject;
import io.ductus.sdk.config.HostPort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs the engine headless until SIGTERM or Ctrl-C, then stops it gracefully and exits 0. */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run the engine: embedded OSGi framework, engine bundles, plugins, REST API.")
final class ServeCommand implements Callable<Integer> {

    static final HostPort DEFAULT_API = new HostPort("127.0.0.1", 7700);

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Mixin
    ProjectOptions where = new ProjectOptions();

    @Option(names = "--api-listen", paramLabel = "HOST:PORT", description = "Address of the REST API (default: ductus.yaml, else 127.0.0.1:7700).")
    String apiListen;

    @Option(names = "--plugins", paramLabel = "DIR", description = "Folder watched for connector plugin jars (default: the distribution's plugins/).")
    Path plugins;

    @Option(names = "--mllp-port", paramLabel = "PORT",
            description = "With --example: the port its MLLP listener takes instead of 6661 (0 picks a free one).")
    Integer mllpPort;

    @Override
    public Integer call() throws Exception {
        ResolvedSettings settings = resolve();
        StartupSteps.mark("settings resolved (ductus.yaml read)");
        CountDownLatch stopRequested = new CountDownLatch(1);
        StopSignals.onStop(stopRequested::countDown);
        try (EmbeddedFramework framework = EmbeddedFramework.start(settings)) {
            EmbeddedFramework.Started started = framework.awaitEngine();
            StartupSteps.mark("engine started");
            spec.commandLine().getOut().printf("ductus started in %d ms (api %s, database %s, %s)%n",
                    StopSignals.millisSinceJvmStart(), started.apiUrl(), settings.database().display(), started.summary());
            spec.commandLine().getOut().flush();
            stopRequested.await();
            framework.stopGracefully();
        }
        return ExitCodes.OK;
    }

    /** Command line over ductus.yaml over defaults; every bad value ends here with exit code 2. */
    ResolvedSettings resolve() throws IOException {
        Path projectFolder = where.projectFolder();
        JavaScriptRuntime.warmUpIfUsed(projectFolder);
        Path dataFolder = where.dataFolder();
        if (mllpPort != null) {
            if (!where.example) {
                throw new BadArgumentException("--mllp-port goes with --example; a project of your own says its port in"
                        + " interface.yaml (source: listen:)");
            }
            if (mllpPort < 0 || mllpPort > 65535) throw new BadArgumentException("--mllp-port: " + mllpPort + " is outside 0-65535");
            Files.createDirectories(dataFolder);
            projectFolder = ExampleProject.withMllpPort(projectFolder, dataFolder, mllpPort);
        }
        Path pluginFolder = (plugins == null ? Distribution.plugins() : plugins).toAbsolutePath().normalize();
        if (Files.exists(pluginFolder) && !Files.isDirectory(pluginFolder)) {
            throw new BadArgumentException("--plugins: " + pluginFolder + " is not a folder");
        }
        HostPort api = apiListen == null ? null : parse("--api-listen", apiListen, HostPort::parse);
        DatabaseSetting db = where.databaseOption();

        // The engine reads and checks the interfaces (a broken one is refused alone, invariant 8, and the start
        // line says which); here only the engine-wide settings count.
        LoadedProject loaded = ProjectOptions.load(projectFolder, spec.commandLine().getErr());
        ProjectSettings fromFile = loaded.project().settings();
        if (api == null) api = fromFile.apiListen().orElse(DEFAULT_API);
        db = DatabaseCa.resolve(ProjectOptions.resolve(db, fromFile, dataFolder), loaded.project().resources(), projectFolder, dataFolder);
        Files.createDirectories(dataFolder);
        Files.createDirectories(pluginFolder);
        return new ResolvedSettings(Distribution.version(), projectFolder, dataFolder, db, api, pluginFolder, Distribution.bundles(),
                fromFile.bytesInFlightMb().map(mb -> mb << 20).orElse(null));
    }

    private static <T> T parse(String option, String value, java.util.function.Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(option + ": " + e.getMessage());
        }
    }

    /**
     * Everything the engine needs to start, fully resolved to absolute paths.
     *
     * @param bytesInFlight the budget of bytes in flight ductus.yaml sets, or null for the default for the heap
     */
    record ResolvedSettings(String version, Path project, Path data, DatabaseSetting database, HostPort apiListen,
                            Path plugins, Path bundles, Long bytesInFlight) {
    }
}
