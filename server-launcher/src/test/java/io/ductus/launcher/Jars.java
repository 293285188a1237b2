package io.ductus.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Builds small jars for plugin tests. */
final class Jars {

    private Jars() {
    }

    static Path withManifest(Path file, Map<String, String> headers) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        headers.forEach((k, v) -> manifest.getMainAttributes().putValue(k, v));
        Path tmp = Files.createTempFile(file.getParent(), ".building", ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        // Appear in the watched folder whole, as an operator's mv would.
        return Files.move(tmp, file);
    }
}
