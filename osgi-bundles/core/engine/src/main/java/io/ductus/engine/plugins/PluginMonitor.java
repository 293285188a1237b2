package io.ductus.engine.plugins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipException;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches what happened to each jar in plugins/ (Felix FileInstall installs and removes them) and says,
 * for each, whether it is in use or why not. Failures are logged once, when they appear.
 */
public final class PluginMonitor {

    private static final Logger LOG = LoggerFactory.getLogger(PluginMonitor.class);
    private static final long CHECK_EVERY_MS = 1000;

    private final BundleContext context;
    private final Path folder;
    private final Map<String, PluginStatus> lastLogged = new HashMap<>();
    private ScheduledExecutorService timer;
    private volatile List<PluginStatus> current = List.of();

    public PluginMonitor(BundleContext context, Path folder) {
        this.context = context;
        this.folder = folder;
    }

    public void start() {
        refresh();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ductus-plugin-monitor");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::refreshSafely, CHECK_EVERY_MS, CHECK_EVERY_MS, TimeUnit.MILLISECONDS);
    }

    public void stop() {
        if (timer != null) timer.shutdownNow();
    }

    /** The state of every jar in plugins/ now (inspecting is cheap: a directory listing and manifests). */
    public List<PluginStatus> current() {
        return refresh();
    }

    private void refreshSafely() {
        try {
            refresh();
        } catch (RuntimeException e) {
            LOG.warn("checking plugins in {} failed: {}", folder, e.toString());
        }
    }

    synchronized List<PluginStatus> refresh() {
        List<PluginStatus> statuses = inspectAll();
        current = statuses;
        Map<String, PluginStatus> seen = new HashMap<>();
        for (PluginStatus s : statuses) {
            seen.put(s.file(), s);
            PluginStatus before = lastLogged.get(s.file());
            if (before != null && before.state().equals(s.state()) && java.util.Objects.equals(before.reason(), s.reason())) continue;
            if (s.failed()) LOG.warn("plugin {} cannot be used: {}", s.file(), s.reason());
            else if ("active".equals(s.state())) LOG.info("plugin {} active ({} {})", s.file(), s.bundle(), s.bundleVersion());
        }
        for (String gone : lastLogged.keySet()) {
            if (!seen.containsKey(gone)) LOG.info("plugin {} removed", gone);
        }
        lastLogged.clear();
        lastLogged.putAll(seen);
        return statuses;
    }

    private List<PluginStatus> inspectAll() {
        if (!Files.isDirectory(folder)) return List.of();
        List<Path> jars;
        try (Stream<Path> files = Files.list(folder)) {
            jars = files.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException e) {
            LOG.warn("cannot list plugins in {}: {}", folder, e.toString());
            return current;
        }
        Bundle[] bundles = context.getBundles();
        List<PluginStatus> statuses = new ArrayList<>(jars.size());
        for (Path jar : jars) statuses.add(inspect(jar, bundles));
        return statuses;
    }

    private PluginStatus inspect(Path jar, Bundle[] bundles) {
        String file = jar.getFileName().toString();
        Manifest manifest;
        try (JarFile jf = new JarFile(jar.toFile())) {
            manifest = jf.getManifest();
        } catch (ZipException e) {
            return PluginStatus.failed(file, null, null, "not a valid jar (" + e.getMessage() + ")");
        } catch (IOException e) {
            return PluginStatus.failed(file, null, null, "cannot be read (" + e.getMessage() + ")");
        }
        Attributes main = manifest == null ? null : manifest.getMainAttributes();
        String name = main == null ? null : main.getValue(Constants.BUNDLE_SYMBOLICNAME);
        if (name == null) {
            return PluginStatus.failed(file, null, null,
                    "not an OSGi bundle: META-INF/MANIFEST.MF has no Bundle-SymbolicName (build it with bnd, see docs/plugins.md)");
        }
        name = name.split(";")[0].strip();
        String version = main.getValue(Constants.BUNDLE_VERSION);
        Bundle bundle = installedFrom(jar, bundles);
        if (bundle == null) {
            for (Bundle other : bundles) {
                if (name.equals(other.getSymbolicName()) && other.getVersion().toString().equals(normalize(version))) {
                    return PluginStatus.failed(file, name, version, "bundle " + name + " " + version
                            + " is already installed from " + other.getLocation());
                }
            }
            return new PluginStatus(file, "pending", name, version, null);
        }
        String bundleVersion = bundle.getVersion().toString();
        return switch (bundle.getState()) {
            case Bundle.ACTIVE -> new PluginStatus(file, "active", name, bundleVersion, null);
            case Bundle.STARTING, Bundle.STOPPING -> new PluginStatus(file, "starting", name, bundleVersion, null);
            case Bundle.RESOLVED -> new PluginStatus(file, "resolved", name, bundleVersion, null);
            default -> {
                List<String> missing = UnresolvedRequirements.of(bundle, bundles);
                yield PluginStatus.failed(file, name, bundleVersion, missing.isEmpty()
                        ? "installed but not resolved"
                        : "cannot be resolved: " + String.join("; ", missing));
            }
        };
    }

    private static String normalize(String version) {
        try {
            return org.osgi.framework.Version.parseVersion(version).toString();
        } catch (IllegalArgumentException e) {
            return version;
        }
    }

    /** FileInstall installs each jar with its file URI as the bundle location. */
    private static Bundle installedFrom(Path jar, Bundle[] bundles) {
        String uri = jar.toAbsolutePath().normalize().toUri().toString();
        for (Bundle b : bundles) {
            String location = b.getLocation();
            if (location.equals(uri) || location.equals(uri.replace("file:///", "file:/"))) return b;
        }
        return null;
    }
}
