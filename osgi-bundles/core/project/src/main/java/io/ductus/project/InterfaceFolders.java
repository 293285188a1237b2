package io.ductus.project;

import io.ductus.core.project.ProjectShapes;
import io.ductus.core.revision.CodeImports;
import io.ductus.core.revision.InterfaceFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The interface folders of a project as revisions see them: reading one interface's files (its folder,
 * and the lib/ files its code imports), and replacing or removing a folder so that a crash at any moment
 * leaves either the old files or the new ones, never a mix.
 *
 * <p>A replace writes the new files into {@code interfaces/.<name>.deploy/} and syncs them, renames the
 * old folder to {@code .<name>.previous}, renames the new one into place, and deletes the previous one;
 * the folder of interfaces is synced after each rename. Hidden folders are no interfaces to the loader, so
 * the two helpers are never read as one. {@link #recover()}, run before the project is read at start,
 * finishes or undoes what a crash interrupted: with the previous folder there and no interface folder,
 * the new one was complete (it was synced before the first rename) and goes into place; a new folder
 * without a previous one may be half written and is dropped, so the old files stay.
 */
public final class InterfaceFolders {

    static final String STAGING = ".deploy";
    static final String PREVIOUS = ".previous";
    static final String REMOVED = ".removed";

    private final Path project;
    private final Path interfaces;

    public InterfaceFolders(Path project) {
        this.project = project.toAbsolutePath().normalize();
        this.interfaces = this.project.resolve(ProjectShapes.INTERFACES_FOLDER);
    }

    public Path project() {
        return project;
    }

    /** The names of the interface folders (hidden ones left out), sorted. */
    public List<String> names() throws IOException {
        if (!Files.isDirectory(interfaces)) return List.of();
        try (Stream<Path> children = Files.list(interfaces)) {
            return children.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
                    .sorted().toList();
        }
    }

    /**
     * The interface's files as they are now: every file in its folder (hidden ones left out) and the lib/
     * files its code imports; empty when there is no such folder.
     */
    public Optional<InterfaceFiles> read(String name) throws IOException {
        Path folder = interfaces.resolve(name);
        if (!Files.isDirectory(folder)) return Optional.empty();
        Map<String, byte[]> own = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                Path relative = folder.relativize(file);
                boolean hidden = false;
                for (Path part : relative) hidden |= part.toString().startsWith(".");
                if (hidden) continue;
                own.put(InterfaceFiles.folder(name) + relative.toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return Optional.of(CodeImports.withImportedLib(InterfaceFiles.of(name, own), this::readLib));
    }

    /** A project file under lib/, when there is one (an import that points elsewhere reads nothing). */
    private Optional<byte[]> readLib(String path) {
        Path file = project.resolve(path).normalize();
        if (!file.startsWith(project.resolve("lib")) || !Files.isRegularFile(file)) return Optional.empty();
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /**
     * Makes the interface's folder hold exactly the interface's own files of {@code files} (its lib/ files
     * are not written: lib/ is shared), atomically as the class says. Hidden files of the old folder
     * (a .gitignore, say) are kept.
     */
    public void replace(String name, InterfaceFiles files) throws IOException {
        recover(name);
        Files.createDirectories(interfaces);
        Path target = interfaces.resolve(name);
        Path staging = interfaces.resolve("." + name + STAGING);
        Path previous = interfaces.resolve("." + name + PREVIOUS);
        Files.createDirectory(staging);
        InterfaceFiles own = files.own();
        for (String path : own.paths()) {
            Path file = staging.resolve(path.substring(InterfaceFiles.folder(name).length()));
            Files.createDirectories(file.getParent());
            Files.write(file, own.bytes(path).orElseThrow(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            force(file);
        }
        if (Files.isDirectory(target)) keepHiddenFiles(target, staging);
        forceTree(staging);
        if (Files.isDirectory(target)) {
            Files.move(target, previous, StandardCopyOption.ATOMIC_MOVE);
            force(interfaces);
        }
        Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        force(interfaces);
        deleteTree(previous);
    }

    /** Removes the interface's folder: renamed away at once (the loader no longer sees it), then deleted. */
    public void remove(String name) throws IOException {
        recover(name);
        Path target = interfaces.resolve(name);
        if (!Files.isDirectory(target)) return;
        Path removed = interfaces.resolve("." + name + REMOVED);
        Files.move(target, removed, StandardCopyOption.ATOMIC_MOVE);
        force(interfaces);
        deleteTree(removed);
    }

    /** Finishes or undoes every replace or removal a crash interrupted; returns what it did, for the log. */
    public List<String> recover() throws IOException {
        List<String> done = new ArrayList<>();
        if (!Files.isDirectory(interfaces)) return done;
        List<String> names = new ArrayList<>();
        try (Stream<Path> children = Files.list(interfaces)) {
            for (Path p : children.toList()) {
                String n = p.getFileName().toString();
                for (String suffix : List.of(STAGING, PREVIOUS, REMOVED)) {
                    if (n.startsWith(".") && n.endsWith(suffix) && n.length() > suffix.length() + 1) {
                        String name = n.substring(1, n.length() - suffix.length());
                        if (!names.contains(name)) names.add(name);
                    }
                }
            }
        }
        for (String name : names) done.addAll(recover(name));
        return done;
    }

    private List<String> recover(String name) throws IOException {
        List<String> done = new ArrayList<>();
        Path target = interfaces.resolve(name);
        Path staging = interfaces.resolve("." + name + STAGING);
        Path previous = interfaces.resolve("." + name + PREVIOUS);
        Path removed = interfaces.resolve("." + name + REMOVED);
        if (Files.isDirectory(previous)) {
            if (!Files.isDirectory(target) && Files.isDirectory(staging)) {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                force(interfaces);
                done.add(name + ": the interrupted deploy's files were complete and are now in place");
            } else if (!Files.isDirectory(target)) {
                Files.move(previous, target, StandardCopyOption.ATOMIC_MOVE);
                force(interfaces);
                done.add(name + ": the files before the interrupted deploy are back in place");
            }
            deleteTree(previous);
        }
        if (Files.isDirectory(staging)) {
            deleteTree(staging);
            done.add(name + ": the interrupted deploy's files were not in place yet and were dropped; the files before it stay");
        }
        if (Files.isDirectory(removed)) {
            deleteTree(removed);
            done.add(name + ": the interrupted removal is finished");
        }
        return done;
    }

    private static void keepHiddenFiles(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                Path relative = from.relativize(file);
                boolean hidden = false;
                for (Path part : relative) hidden |= part.toString().startsWith(".");
                if (!hidden) continue;
                Path copy = to.resolve(relative);
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
                force(copy);
            }
        }
    }

    /** Syncs a file, or a folder's entries (Linux syncs a folder opened for reading). */
    private static void force(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            if (!Files.isDirectory(path)) throw e; // some systems cannot sync a folder; the files are synced
        }
    }

    private static void forceTree(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.filter(Files::isDirectory).sorted(Comparator.reverseOrder()).toList()) force(p);
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) return;
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.delete(p);
                } catch (NoSuchFileException e) {
                    // gone already
                }
            }
        }
    }
}
