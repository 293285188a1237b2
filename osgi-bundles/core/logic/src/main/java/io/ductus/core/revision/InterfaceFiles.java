package io.ductus.core.revision;

import io.ductus.core.project.ProjectShapes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The files that make one revision of an interface, by path relative to the project folder with {@code /}
 * separators: everything in {@code interfaces/<name>/} (interface.yaml, its code, its tests) and the files
 * of {@code lib/} its code imports. Immutable; two sets with the same files have the same {@link #hash()}.
 */
public final class InterfaceFiles {

    /** The shared code folder at the project's root. */
    public static final String LIB = "lib/";

    private final String interfaceName;
    private final SortedMap<String, byte[]> files;
    private String hash;

    private InterfaceFiles(String interfaceName, SortedMap<String, byte[]> files) {
        this.interfaceName = interfaceName;
        this.files = files;
    }

    /**
     * @throws IllegalArgumentException naming the path when one is not a plain relative path inside the
     *                                  interface's folder or lib/
     */
    public static InterfaceFiles of(String interfaceName, Map<String, byte[]> files) {
        Objects.requireNonNull(interfaceName, "interfaceName");
        SortedMap<String, byte[]> copy = new TreeMap<>();
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            String problem = pathProblem(interfaceName, e.getKey());
            if (problem != null) throw new IllegalArgumentException(problem);
            copy.put(e.getKey(), e.getValue().clone());
        }
        return new InterfaceFiles(interfaceName, copy);
    }

    /** Why {@code path} cannot be one of this interface's files, or null when it can. */
    public static String pathProblem(String interfaceName, String path) {
        if (path == null || path.isEmpty()) return "a file needs a path";
        String own = folder(interfaceName);
        if (!path.startsWith(own) && !path.startsWith(LIB)) {
            return "'" + path + "' is neither in " + own + " nor in " + LIB;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.startsWith(".")) {
                return "'" + path + "' is not a plain relative path (no empty, '.', '..' or hidden parts)";
            }
            if (segment.indexOf('\\') >= 0 || segment.indexOf('\0') >= 0) return "'" + path + "' holds a backslash or NUL";
        }
        return null;
    }

    /** {@code interfaces/<name>/}: where an interface's own files are. */
    public static String folder(String interfaceName) {
        return ProjectShapes.INTERFACES_FOLDER + "/" + interfaceName + "/";
    }

    /** {@code interfaces/<name>/interface.yaml}. */
    public static String interfaceFile(String interfaceName) {
        return folder(interfaceName) + ProjectShapes.INTERFACE_FILE;
    }

    /** {@code interfaces/<name>/transform.js}: the module destinations call. */
    public static String moduleFile(String interfaceName) {
        return folder(interfaceName) + "transform.js";
    }

    public String interfaceName() {
        return interfaceName;
    }

    /** Every path, sorted. */
    public java.util.Set<String> paths() {
        return Collections.unmodifiableSet(files.keySet());
    }

    public boolean contains(String path) {
        return files.containsKey(path);
    }

    public Optional<byte[]> bytes(String path) {
        return Optional.ofNullable(files.get(path)).map(byte[]::clone);
    }

    /** The file as UTF-8 text (the project's files are UTF-8). */
    public Optional<String> text(String path) {
        return Optional.ofNullable(files.get(path)).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    /** The interface's own files (its folder), without lib/. */
    public InterfaceFiles own() {
        SortedMap<String, byte[]> own = new TreeMap<>(files.subMap(folder(interfaceName), folder(interfaceName) + Character.MAX_VALUE));
        return new InterfaceFiles(interfaceName, own);
    }

    /** These files with those of {@code other} added (or replacing the same paths). */
    public InterfaceFiles with(InterfaceFiles other) {
        SortedMap<String, byte[]> all = new TreeMap<>(files);
        all.putAll(other.files);
        return new InterfaceFiles(interfaceName, all);
    }

    /** Every file's bytes by path, sorted (copies). */
    public Map<String, byte[]> asMap() {
        Map<String, byte[]> copy = new LinkedHashMap<>();
        files.forEach((p, b) -> copy.put(p, b.clone()));
        return copy;
    }

    public int size() {
        return files.size();
    }

    public boolean isEmpty() {
        return files.isEmpty();
    }

    /** SHA-256 (hex) of every path and its bytes in path order: the same content gives the same hash, anywhere. */
    public String hash() {
        if (hash == null) {
            MessageDigest digest = sha256();
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                digest.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(Long.toString(e.getValue().length).getBytes(StandardCharsets.US_ASCII));
                digest.update((byte) 0);
                digest.update(e.getValue());
            }
            hash = HexFormat.of().formatHex(digest.digest());
        }
        return hash;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof InterfaceFiles other) || !interfaceName.equals(other.interfaceName) || files.size() != other.files.size()) {
            return false;
        }
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            if (!Arrays.equals(e.getValue(), other.files.get(e.getKey()))) return false;
        }
        return true;
    }

    @Override
    public int hashCode() {
        return hash().hashCode();
    }

    @Override
    public String toString() {
        return interfaceName + " " + files.keySet() + " " + hash().substring(0, 12);
    }
}
