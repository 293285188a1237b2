package io.ductus.script;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessMode;
import java.nio.file.DirectoryStream;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Map;
import java.util.Set;
import org.graalvm.polyglot.io.FileSystem;

/**
 * What interface code may read: the files under the project's code folders (for {@code import}), and
 * nothing else; nothing may be written. Every path is checked against the roots after resolving
 * {@code ..} and links, so an import cannot climb out.
 */
final class CodeFileSystem extends ReadOnlyCodeFileSystem {

    private final FileSystem files = FileSystem.newReadOnlyFileSystem(FileSystem.newDefaultFileSystem());
    private final Set<Path> roots;

    CodeFileSystem(Set<Path> roots) {
        this.roots = roots.stream().map(r -> r.toAbsolutePath().normalize()).collect(java.util.stream.Collectors.toSet());
    }

    private Path allowed(Path path) throws IOException {
        Path absolute = path.toAbsolutePath().normalize();
        Path real;
        try {
            real = absolute.toRealPath();
        } catch (IOException e) {
            real = absolute;
        }
        for (Path root : roots) {
            Path realRoot;
            try {
                realRoot = root.toRealPath();
            } catch (IOException e) {
                realRoot = root;
            }
            if (real.startsWith(realRoot)) return absolute;
        }
        throw new NoSuchFileException(path.toString(), null, "interface code may only read files under its project's code folders");
    }

    @Override
    public Path parsePath(URI uri) {
        return files.parsePath(uri);
    }

    @Override
    public Path parsePath(String path) {
        return files.parsePath(path);
    }

    @Override
    public void checkAccess(Path path, Set<? extends AccessMode> modes, LinkOption... linkOptions) throws IOException {
        files.checkAccess(allowed(path), modes, linkOptions);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        readOnly(options);
        return files.newByteChannel(allowed(path), options, attrs);
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
        return files.newDirectoryStream(allowed(dir), filter);
    }

    @Override
    public Path toAbsolutePath(Path path) {
        return files.toAbsolutePath(path);
    }

    @Override
    public Path toRealPath(Path path, LinkOption... linkOptions) throws IOException {
        return files.toRealPath(allowed(path), linkOptions);
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        return files.readAttributes(allowed(path), attributes, options);
    }
}
