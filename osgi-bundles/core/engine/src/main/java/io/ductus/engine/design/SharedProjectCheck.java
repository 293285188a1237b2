package io.ductus.engine.design;

import io.ductus.core.revision.InterfaceFiles;
import io.ductus.project.InterfaceFolders;
import io.ductus.store.Store;
import io.ductus.store.engine.EngineRecord;
import io.ductus.store.revision.Revision;
import io.ductus.store.revision.RevisionStatus;
import io.ductus.store.revision.RevisionSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Engines on one database (docs/engines.md): an engine that starts while others run on the database must run
 * what they run. Its project folder is compared with the interfaces' current revisions before anything is
 * recorded; where an interface differs (ordering partitions, code, any file; deployed there but missing here;
 * new here) the later engine refuses to start, naming each interface and the difference, instead of recording
 * its files as a new revision that would change the interface for every engine. Alone on the database, an
 * engine records a folder changed while it was stopped as before ({@link StartRevisions}).
 */
public final class SharedProjectCheck {

    private static final Pattern PARTITIONS = Pattern.compile("partitions\\s*:\\s*(\\d+)");

    private SharedProjectCheck() {
    }

    /** @throws IllegalStateException saying every difference, when other engines run and the folder differs */
    public static void check(Path project, Store store) throws IOException {
        List<EngineRecord> others = others(store);
        if (others.isEmpty()) return;
        InterfaceFolders folders = new InterfaceFolders(project);
        Map<String, RevisionSummary> current = store.revisions().current();
        List<String> differences = new ArrayList<>();
        TreeSet<String> here = new TreeSet<>(folders.names());
        for (String name : here) {
            Optional<InterfaceFiles> files = folders.read(name);
            if (files.isEmpty()) continue;
            RevisionSummary deployed = current.get(name);
            if (deployed == null || deployed.status() == RevisionStatus.REMOVED) {
                differences.add("interface " + name + ": not deployed on the engines running (new in this folder)");
                continue;
            }
            if (deployed.hash().equals(files.get().hash())) continue;
            Optional<Revision> there = store.revisions().revision(name, deployed.number());
            differences.add("interface " + name + ": differs from revision " + deployed.number() + " that the engines running use: "
                    + there.map(r -> difference(name, files.get(), InterfaceFiles.of(name, r.files()))).orElse("its files differ"));
        }
        for (RevisionSummary r : current.values()) {
            if (r.status() == RevisionStatus.DEPLOYED && !here.contains(r.interfaceName())) {
                differences.add("interface " + r.interfaceName() + ": revision " + r.number() + " runs on the engines running, but this"
                        + " project folder has no interfaces/" + r.interfaceName());
            }
        }
        if (differences.isEmpty()) return;
        EngineRecord first = others.get(0);
        throw new IllegalStateException("this project differs from what the " + others.size() + " engine(s) already on this database run"
                + " (engine " + first.id() + " on " + first.host() + ", pid " + first.pid() + "): " + String.join("; ", differences)
                + ". Deploy a change through one engine's API (ductus deploy --url ...) so that every engine gets it, or make this"
                + " project folder match the deployed revisions (ductus revisions shows them)");
    }

    private static List<EngineRecord> others(Store store) {
        long self = ProcessHandle.current().pid();
        try {
            return store.engines().engines().stream().filter(e -> e.pid() != self).toList();
        } catch (UnsupportedOperationException e) {
            return List.of(); // a store with one engine per database
        }
    }

    /** What differs, in words: the ordering partitions when they differ, then the files that differ. */
    static String difference(String name, InterfaceFiles here, InterfaceFiles there) {
        List<String> said = new ArrayList<>();
        String yaml = InterfaceFiles.interfaceFile(name);
        String partitionsHere = partitions(here, yaml);
        String partitionsThere = partitions(there, yaml);
        if (!partitionsHere.equals(partitionsThere)) {
            said.add("ordering partitions " + partitionsHere + " here, " + partitionsThere + " there");
        }
        TreeSet<String> paths = new TreeSet<>(here.paths());
        paths.addAll(there.paths());
        List<String> files = new ArrayList<>();
        for (String path : paths) {
            Optional<byte[]> a = here.bytes(path);
            Optional<byte[]> b = there.bytes(path);
            if (a.isEmpty()) files.add(path + " (missing here)");
            else if (b.isEmpty()) files.add(path + " (only here)");
            else if (!Arrays.equals(a.get(), b.get())) files.add(path);
        }
        if (!files.isEmpty()) said.add("files that differ: " + String.join(", ", files));
        return String.join("; ", said);
    }

    private static String partitions(InterfaceFiles files, String yaml) {
        Optional<byte[]> text = files.bytes(yaml);
        if (text.isEmpty()) return "none";
        Matcher m = PARTITIONS.matcher(new String(text.get(), StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : "none";
    }
}
