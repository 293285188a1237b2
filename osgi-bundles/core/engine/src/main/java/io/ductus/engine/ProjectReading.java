package io.ductus.engine;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.engine.design.StartRevisions;
import io.ductus.project.ProjectLoader;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * The engine's start reads and checks (structure) the project here, on a thread of its own, while the store opens:
 * a component without the store, so Declarative Services makes it as soon as it finds the engine bundle, before the
 * store's component opens the database (the pool, the migrations, the reconcile); reading 1,001 interface folders
 * takes most of a second that the start then no longer waits for. The interrupted folder replaces are finished or
 * undone first ({@link StartRevisions#recover}), so the files read are the ones the revisions record. Then, on the same
 * thread, the API's classes are loaded ahead ({@link #loadApiClasses}).
 */
@Component(service = ProjectReading.class, immediate = true)
public final class ProjectReading {

    /** The project's files and their check without connector types: what the interfaces start from. */
    public record Read(ProjectSources sources, ProjectCheck structure) {
    }

    private final Path project;
    private CompletableFuture<Read> early;

    @Activate
    public ProjectReading(BundleContext context) {
        String folder = context.getProperty(EngineSettings.PROJECT);
        this.project = folder == null ? null : Path.of(folder); // none when the framework only validates (no engine starts)
        if (project == null) return;
        CompletableFuture<Read> read = new CompletableFuture<>();
        this.early = read;
        Thread.ofPlatform().name("ductus-project-read").daemon().start(() -> {
            try {
                read.complete(read(project));
            } catch (Throwable e) {
                read.completeExceptionally(e);
            }
            loadApiClasses(context);
        });
    }

    /**
     * Makes the API's route table once without an engine or a database, and drops it: the classes its routes take are
     * then loaded and linked (most of a second on a loaded machine) while the store still opens, and the engine's own
     * API, made when the store is there, takes a fraction of that. Nothing listens; a failure here changes nothing.
     */
    private static void loadApiClasses(BundleContext context) {
        try {
            EngineSettings settings = EngineSettings.from(context::getProperty);
            java.time.Clock clock = java.time.Clock.systemUTC();
            new io.ductus.engine.api.Api(new io.ductus.engine.api.EngineParts(new EngineStatus(settings, clock), java.util.List::of,
                    new io.ductus.engine.plugins.ConnectorRegistry(), java.util.List::of, () -> null, null,
                    new io.ductus.engine.monitor.EventHub(), new io.ductus.engine.monitor.EngineMetrics()), clock, settings.version());
            StartupSteps.mark("API classes loaded (a route table made without the store)");
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(ProjectReading.class).debug("the API's classes were not loaded ahead: {}", e.toString());
        }
    }

    /**
     * The project as read since this component started, waiting for it; the engine started again in the same framework
     * (its component made anew) reads it now. A project that cannot be read fails here, with the reader's own message.
     */
    public synchronized Read take(Path folder) throws Exception {
        CompletableFuture<Read> read = early;
        early = null;
        if (read == null || !folder.equals(project)) return read(folder);
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Exception cause) throw cause;
            throw e;
        }
    }

    private static Read read(Path folder) throws Exception {
        StartRevisions.recover(folder);
        ProjectSources sources = ProjectLoader.read(folder);
        StartupSteps.mark("project read");
        // Read and checked once: the interfaces start from this check (connector settings and code are checked as they start).
        ProjectCheck structure = ProjectValidator.check(sources, ConnectorTypes.unknown());
        StartupSteps.mark("project checked (structure)");
        return new Read(sources, structure);
    }
}
