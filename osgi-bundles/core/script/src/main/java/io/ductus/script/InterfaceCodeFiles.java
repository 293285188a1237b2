package io.ductus.script;

import java.nio.file.Path;
import java.util.Set;

/**
 * Where an interface's code is in a project folder: its module {@code interfaces/<name>/transform.js}, and
 * the folders that module may import from (its own folder and the project's {@code lib/}).
 */
public final class InterfaceCodeFiles {

    public static final String MODULE = "transform.js";

    private InterfaceCodeFiles() {
    }

    public static Path folder(Path project, String interfaceName) {
        return project.resolve("interfaces").resolve(interfaceName);
    }

    public static Path module(Path project, String interfaceName) {
        return folder(project, interfaceName).resolve(MODULE);
    }

    /** The folders the interface's code (and its tests) may import from. */
    public static Set<Path> roots(Path project, String interfaceName) {
        return Set.of(folder(project, interfaceName), project.resolve("lib"));
    }
}
