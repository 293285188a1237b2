package io.ductus.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** Where the distribution is (bin/ductus passes {@code -Dductus.home}) and what version it is. */
final class Distribution {

    private Distribution() {
    }

    static Path home() {
        String home = System.getProperty("ductus.home");
        if (home == null) throw new IllegalStateException("ductus.home is not set: start Ductus with bin/ductus");
        return Path.of(home).toAbsolutePath().normalize();
    }

    static Path bundles() {
        return home().resolve("bundles");
    }

    static Path plugins() {
        return home().resolve("plugins");
    }

    static Path example() {
        return home().resolve("examples").resolve("quickstart");
    }

    static String version() {
        return built().getProperty("version");
    }

    /** The GraalJS version the distribution ships (exported to bundles with this version). */
    static String graalVersion() {
        return built().getProperty("graal.version");
    }

    private static Properties built() {
        try (InputStream in = Distribution.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lets picocli print the version for --version. */
    static final class VersionProvider implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"ductus " + version()};
        }
    }
}
