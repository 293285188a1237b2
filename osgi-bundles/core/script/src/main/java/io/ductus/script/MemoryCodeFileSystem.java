package io.ductus.script;

import io.ductus.core.revision.InterfaceFiles;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessMode;
import java.nio.file.DirectoryStream;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What interface code may read when it runs from a revision's or a draft's files rather than from disk:
 * exactly those files, each at the path it would have in the project folder (so imports resolve and
 * errors name the same files and lines as on disk), and nothing else. Read only; no file of the real
 * disk is ever touched.
 */
final class MemoryCodeFileSystem extends ReadOnlyCodeFileSystem {

    private static final FileTime EPOCH = FileTime.fromMillis(0);
    /** Why a file of the code's folders cannot be read: the revision has no such file. */
    static final String NOT_AMONG = "not one of the interface's files or of the lib/ files it imports";

    private final Path root;
    /** The folders code may import from: the interface's own and the project's lib/. */
    private final Set<Path> codeFolders;
    private final Map<Path, byte[]> files = new HashMap<>();
    private final Set<Path> folders = new HashSet<>();

    /** @param root the project folder the files' paths are relative to (absolute) */
    MemoryCodeFileSystem(Path root, InterfaceFiles code) {
        this.root = root.toAbsolutePath().normalize();
        this.codeFolders = Set.of(this.root.resolve(InterfaceFiles.folder(code.interfaceName())).normalize(),
                this.root.resolve(InterfaceFiles.LIB).normalize());
        for (String path : code.paths()) {
            Path file = this.root.resolve(path).normalize();
            files.put(file, code.bytes(path).orElseThrow());
            for (Path folder = file.getParent(); folder != null; folder = folder.getParent()) folders.add(folder);
        }
        folders.add(this.root);
    }

    private Path absolute(Path path) {
        return (path.isAbsolute() ? path : root.resolve(path)).normalize();
    }

    @Override
    public Path parsePath(URI uri) {
        return Path.of(uri);
    }

    @Override
    public Path parsePath(String path) {
        return Path.of(path);
    }

    @Override
    public void checkAccess(Path path, Set<? extends AccessMode> modes, LinkOption... linkOptions) throws IOException {
        Path p = absolute(path);
        if (!files.containsKey(p) && !folders.contains(p)) throw missing(path);
        if (modes.contains(AccessMode.WRITE)) throw new IOException(NO_WRITES);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        readOnly(options);
        byte[] bytes = files.get(absolute(path));
        if (bytes == null) throw missing(path);
        return new ReadChannel(bytes);
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
        Path folder = absolute(dir);
        if (!folders.contains(folder)) throw files.containsKey(folder) ? new NotDirectoryException(dir.toString()) : missing(dir);
        List<Path> children = new java.util.ArrayList<>();
        for (Path p : files.keySet()) if (folder.equals(p.getParent()) && filter.accept(p)) children.add(p);
        for (Path p : folders) if (folder.equals(p.getParent()) && filter.accept(p)) children.add(p);
        return new DirectoryStream<>() {
            @Override
            public Iterator<Path> iterator() {
                return children.iterator();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public Path toAbsolutePath(Path path) {
        return absolute(path);
    }

    @Override
    public Path toRealPath(Path path, LinkOption... linkOptions) throws IOException {
        Path p = absolute(path);
        if (!files.containsKey(p) && !folders.contains(p)) throw missing(path);
        return p;
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        Path p = absolute(path);
        boolean file = files.containsKey(p);
        if (!file && !folders.contains(p)) throw missing(path);
        String names = attributes;
        int colon = names.indexOf(':');
        if (colon >= 0) {
            String view = names.substring(0, colon);
            if (!view.equals("basic")) throw new UnsupportedOperationException("only basic file attributes, not " + view);
            names = names.substring(colon + 1);
        }
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("lastModifiedTime", EPOCH);
        all.put("lastAccessTime", EPOCH);
        all.put("creationTime", EPOCH);
        all.put("isRegularFile", file);
        all.put("isDirectory", !file);
        all.put("isSymbolicLink", false);
        all.put("isOther", false);
        all.put("size", file ? (long) files.get(p).length : 0L);
        all.put("fileKey", null);
        if (names.equals("*")) return all;
        Map<String, Object> asked = new LinkedHashMap<>();
        for (String name : names.split(",")) {
            if (!all.containsKey(name)) throw new IllegalArgumentException("no file attribute '" + name + "'");
            asked.put(name, all.get(name));
        }
        return asked;
    }

    private NoSuchFileException missing(Path path) {
        Path p = absolute(path);
        if (codeFolders.stream().noneMatch(p::startsWith)) {
            // as the code file system on disk says it: CodeInspection names the rule
            return new NoSuchFileException(path.toString(), null, "interface code may only read files of its own folder and the project's lib/");
        }
        return new NoSuchFileException(path.toString(), null, NOT_AMONG);
    }

    /** A read-only channel over one file's bytes. */
    private static final class ReadChannel implements SeekableByteChannel {
        private final byte[] bytes;
        private int position;
        private boolean open = true;

        ReadChannel(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (!open) throw new ClosedChannelException();
            if (position >= bytes.length) return -1;
            int n = Math.min(dst.remaining(), bytes.length - position);
            dst.put(bytes, position, n);
            position += n;
            return n;
        }

        @Override
        public int write(ByteBuffer src) {
            throw new NonWritableChannelException();
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public SeekableByteChannel position(long newPosition) {
            position = (int) Math.min(newPosition, bytes.length);
            return this;
        }

        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public SeekableByteChannel truncate(long size) {
            throw new NonWritableChannelException();
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }
}
