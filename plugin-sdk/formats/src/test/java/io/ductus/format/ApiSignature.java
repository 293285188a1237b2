package io.ductus.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The public API of a module's exported packages, as text: one line per package with its version
 * ({@code @Version} in package-info.java), and one line per public or protected class, field, constructor
 * and method. Recorded in {@code api-signature.txt} beside the module's pom when a version is released;
 * {@link #compare} then tells what a change did to plugins built against that release, as bnd's
 * baselining does: a removed or changed member needs a new major version of its package, an added one a
 * new minor version.
 */
public final class ApiSignature {

    private static final Pattern VERSION = Pattern.compile("@Version\\(\"(\\d+)\\.(\\d+)\\.(\\d+)\"\\)");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

    /** package → version, package → its member lines. */
    private final Map<String, int[]> versions;
    private final Map<String, TreeSet<String>> members;

    private ApiSignature(Map<String, int[]> versions, Map<String, TreeSet<String>> members) {
        this.versions = versions;
        this.members = members;
    }

    /**
     * The signature of the packages exported under {@code sources} (package-info.java with {@code @Export}
     * and {@code @Version}), read from the compiled classes in {@code classes}.
     */
    public static ApiSignature of(Path sources, Path classes, ClassLoader parent) {
        Map<String, int[]> versions = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path info : files.filter(p -> p.getFileName().toString().equals("package-info.java")).toList()) {
                String text = Files.readString(info);
                Matcher v = VERSION.matcher(text);
                Matcher p = PACKAGE.matcher(text);
                if (text.contains("@Export") && v.find() && p.find()) {
                    versions.put(p.group(1), new int[] {Integer.parseInt(v.group(1)), Integer.parseInt(v.group(2)),
                            Integer.parseInt(v.group(3))});
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, TreeSet<String>> members = new TreeMap<>();
        try (URLClassLoader loader = new ModuleFirst(classes, parent);
             Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                String pkg = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : "";
                if (!versions.containsKey(pkg) || name.endsWith("package-info")) continue;
                Class<?> c = Class.forName(name, false, loader);
                if (!visible(c)) continue;
                members.computeIfAbsent(pkg, k -> new TreeSet<>()).addAll(lines(c));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        for (String pkg : versions.keySet()) members.computeIfAbsent(pkg, k -> new TreeSet<>());
        return new ApiSignature(versions, members);
    }

    /** Loads the module's own classes from its folder before asking the parent (which may hold another build of them). */
    private static final class ModuleFirst extends URLClassLoader {
        private final Path classes;

        ModuleFirst(Path classes, ClassLoader parent) throws IOException {
            super(new URL[] {classes.toUri().toURL()}, parent);
            this.classes = classes;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && Files.exists(classes.resolve(name.replace('.', '/') + ".class"))) c = findClass(name);
                if (c == null) return super.loadClass(name, resolve);
                if (resolve) resolveClass(c);
                return c;
            }
        }
    }

    /** Whether a class is part of the API: public (or protected when nested), and so are its enclosing classes. */
    private static boolean visible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            int m = k.getModifiers();
            if (!Modifier.isPublic(m) && !(k.getDeclaringClass() != null && Modifier.isProtected(m))) return false;
        }
        return !c.isSynthetic() && !c.isAnonymousClass() && !c.isLocalClass();
    }

    private static List<String> lines(Class<?> c) {
        List<String> lines = new ArrayList<>();
        String owner = c.getName();
        StringBuilder head = new StringBuilder(Modifier.toString(c.getModifiers() & ~Modifier.INTERFACE & ~Modifier.STATIC))
                .append(c.isInterface() ? " interface" : c.isEnum() ? " enum" : c.isRecord() ? " record" : " class");
        if (c.getSuperclass() != null && c.getSuperclass() != Object.class && !c.isEnum() && !c.isRecord()) {
            head.append(" extends ").append(c.getGenericSuperclass().getTypeName());
        }
        if (c.getGenericInterfaces().length > 0) {
            head.append(" implements ").append(String.join(", ", Arrays.stream(c.getGenericInterfaces()).map(t -> t.getTypeName()).toList()));
        }
        lines.add(owner + " : " + head.toString().strip());
        if (c.isAnnotationPresent(Deprecated.class)) lines.add(owner + " : @Deprecated"); // deprecating adds, removes nothing
        for (Field f : c.getDeclaredFields()) {
            if (exposed(f.getModifiers()) && !f.isSynthetic()) lines.add(owner + " : " + f.toGenericString());
        }
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (exposed(k.getModifiers()) && !k.isSynthetic() && !c.isEnum()) lines.add(owner + " : " + k.toGenericString());
        }
        for (Method m : c.getDeclaredMethods()) {
            if (exposed(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) lines.add(owner + " : " + m.toGenericString());
        }
        return lines;
    }

    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    /** Reads a recorded signature. */
    public static ApiSignature read(Path file) throws IOException {
        Map<String, int[]> versions = new TreeMap<>();
        Map<String, TreeSet<String>> members = new TreeMap<>();
        String pkg = null;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            if (line.startsWith("package ")) {
                String[] parts = line.split(" ");
                pkg = parts[1];
                versions.put(pkg, Arrays.stream(parts[2].split("\\.")).mapToInt(Integer::parseInt).toArray());
                members.put(pkg, new TreeSet<>());
            } else {
                members.get(pkg).add(line.strip());
            }
        }
        return new ApiSignature(versions, members);
    }

    /** Writes this signature in the form {@link #read} reads. */
    public void write(Path file, String comment) throws IOException {
        StringBuilder out = new StringBuilder("# " + comment + "\n");
        for (Map.Entry<String, int[]> p : versions.entrySet()) {
            out.append("package ").append(p.getKey()).append(' ').append(version(p.getValue())).append('\n');
            for (String member : members.get(p.getKey())) out.append("  ").append(member).append('\n');
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    /**
     * What this signature breaks or adds against a recorded one, package by package, as the semantic
     * versioning rules judge it; empty when every change has the version it needs.
     */
    public List<String> compare(ApiSignature released) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, int[]> p : released.versions.entrySet()) {
            String pkg = p.getKey();
            int[] was = p.getValue();
            int[] now = versions.get(pkg);
            if (now == null) {
                problems.add(pkg + " " + version(was) + " is gone: plugins importing it no longer resolve");
                continue;
            }
            TreeSet<String> removed = new TreeSet<>(released.members.get(pkg));
            removed.removeAll(members.get(pkg));
            TreeSet<String> added = new TreeSet<>(members.get(pkg));
            added.removeAll(released.members.get(pkg));
            if (!removed.isEmpty() && now[0] <= was[0]) {
                problems.add(pkg + " " + version(now) + " removes or changes what " + version(was) + " had (a new major version"
                        + " would be needed, and plugins built against " + was[0] + ".x would break):\n    - "
                        + String.join("\n    - ", removed));
            }
            if (!added.isEmpty() && now[0] == was[0] && now[1] <= was[1]) {
                problems.add(pkg + " gains API without a new minor version (" + version(now) + " after " + version(was)
                        + "; raise @Version in its package-info.java):\n    + " + String.join("\n    + ", added));
            }
            if (compareVersions(now, was) < 0) problems.add(pkg + " goes back from " + version(was) + " to " + version(now));
        }
        return problems;
    }

    /**
     * What an {@code ApiSignatureTest} does in a module's folder: with {@code -Dductus.api.record=true}
     * records the module's API in {@code api-signature.txt} (from the build in {@code ductus.api.record.from},
     * a module folder, when given), otherwise compares the build with it; returns the problems.
     */
    public static List<String> checkModule(ClassLoader loader) throws IOException {
        Path recorded = Path.of("api-signature.txt");
        String from = System.getProperty("ductus.api.record.from", "");
        Path module = from.isEmpty() ? Path.of("") : Path.of(from);
        ApiSignature now = of(module.resolve("src/main/java"), module.resolve("target/classes"), loader);
        if (Boolean.getBoolean("ductus.api.record")) {
            now.write(recorded, "The released API of this module's exported packages (ApiSignatureTest compares with it).");
            return List.of();
        }
        return now.compare(read(recorded));
    }

    /** Exported packages and their versions, for the report. */
    public Map<String, String> versions() {
        Map<String, String> out = new LinkedHashMap<>();
        versions.forEach((k, v) -> out.put(k, version(v)));
        return out;
    }

    private static int compareVersions(int[] a, int[] b) {
        return Arrays.compare(a, b);
    }

    private static String version(int[] v) {
        return v[0] + "." + v[1] + "." + v[2];
    }
}
