package io.ductus.connector.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Takes finished and refused files out of the watched folder. A moved file never overwrites another: when
 * its name is taken in the target folder it gets a number ({@code a.csv} → {@code a-2.csv}, {@code a-3.csv}, …).
 */
final class FileMover {

    private static final int MAX_TRIES = 10_000;

    private FileMover() {
    }

    /** Moves the file into the folder (made when missing) under a free name; returns where it went. */
    static Path moveInto(Path file, Path folder) throws IOException {
        Files.createDirectories(folder);
        String name = file.getFileName().toString();
        for (int n = 1; n <= MAX_TRIES; n++) {
            Path target = folder.resolve(n == 1 ? name : numbered(name, n));
            if (Files.exists(target)) continue;
            // A hard link fails when the name is taken (a rename would silently replace it); then the watched
            // folder's entry goes. Where links cannot be made (another file system), move without replacing.
            boolean linked;
            try {
                Files.createLink(target, file);
                linked = true;
            } catch (FileAlreadyExistsException taken) {
                continue;
            } catch (IOException | UnsupportedOperationException noLinks) {
                linked = false;
            }
            try {
                if (linked) Files.delete(file);
                else Files.move(file, target);
                return target;
            } catch (FileAlreadyExistsException taken) {
                // another file took the name in between; try the next number
            }
        }
        throw new IOException("no free name for " + name + " in " + folder + " after " + MAX_TRIES + " tries");
    }

    /** Moves a refused file into the error folder with a note beside it saying why (written whole, so a watcher never reads half of it). */
    static Path refuse(Path file, Path errorFolder, String reason) throws IOException {
        Path moved = moveInto(file, errorFolder);
        WholeFile.write(moved.resolveSibling(moved.getFileName() + ".error.txt"),
                (reason + System.lineSeparator()).getBytes(StandardCharsets.UTF_8), false);
        return moved;
    }

    /** {@code a.csv} → {@code a-2.csv}; {@code a} → {@code a-2}; a dot-free stem keeps what follows its first dot. */
    static String numbered(String name, int n) {
        int dot = name.indexOf('.', 1);
        return dot < 0 ? name + "-" + n : name.substring(0, dot) + "-" + n + name.substring(dot);
    }
}
