package io.ductus.script;

import java.io.IOException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;
import org.graalvm.polyglot.io.FileSystem;

/** What the code file systems share: interface code may read its files, and write nothing. */
abstract class ReadOnlyCodeFileSystem implements FileSystem {

    static final String NO_WRITES = "interface code cannot write files";

    @Override
    public final void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
        throw new IOException(NO_WRITES);
    }

    @Override
    public final void delete(Path path) throws IOException {
        throw new IOException(NO_WRITES);
    }

    /** Refuses any option but reading. */
    static void readOnly(Set<? extends OpenOption> options) throws IOException {
        for (OpenOption option : options) {
            if (option != StandardOpenOption.READ) throw new IOException(NO_WRITES);
        }
    }
}
