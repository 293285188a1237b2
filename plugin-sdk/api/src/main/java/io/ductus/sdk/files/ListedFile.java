package io.ductus.sdk.files;

/**
 * A regular file as one folder listing saw it.
 *
 * @param name     the file's name in the folder
 * @param size     bytes
 * @param modified last modification, Unix ms
 */
public record ListedFile(String name, long size, long modified) {

    /** Whether the file is still as {@code other} saw it: same size and modification time. */
    public boolean unchangedSince(ListedFile other) {
        return other != null && other.name.equals(name) && other.size == size && other.modified == modified;
    }
}
