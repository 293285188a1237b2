package io.ductus.studio.design;

import io.ductus.client.model.InterfaceInfo;
import io.ductus.studio.server.ServerSession;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The designer's tree: every interface with its files, and one search box over names, settings and code. The
 * files are those each interface runs, read once in the background after the names (so the tree shows at
 * once and search over code follows); a hit names the file and line.
 */
public final class InterfacesViewModel {

    private final ServerSession session;
    private final ProjectIndex index = new ProjectIndex();
    private final StringProperty search = new SimpleStringProperty("");
    private final ObservableList<ProjectIndex.Entry> entries = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private boolean readingFiles;

    public InterfacesViewModel(ServerSession session) {
        this.session = session;
        search.addListener((o, a, q) -> refilter());
    }

    public void load() {
        status.set("Reading the interfaces…");
        session.call(() -> {
            List<InterfaceInfo> deployed = session.api().interfaces().interfaces();
            // the caller's drafts of interfaces not deployed yet (new ones) belong in the tree too
            List<String> fresh = session.api().design().drafts().drafts().stream().map(d -> d.interfaceName())
                    .filter(n -> deployed.stream().noneMatch(i -> i.name().equals(n))).toList();
            return Map.entry(deployed, fresh);
        }, found -> {
            List<InterfaceInfo> list = found.getKey();
            List<String> names = new java.util.ArrayList<>(list.stream().map(InterfaceInfo::name).toList());
            names.addAll(found.getValue());
            index.retainOnly(names);
            names.forEach(index::putName);
            refilter();
            readingFiles = true;
            showCount();
            session.call(() -> filesOf(list), files -> {
                files.forEach(index::put);
                readingFiles = false;
                refilter();
                showCount();
            }, status::set);
        }, status::set);
    }

    private Map<String, Map<String, String>> filesOf(List<InterfaceInfo> list) {
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        for (InterfaceInfo i : list) {
            if (i.revision() != null) files.put(i.name(), session.api().design().revision(i.name(), i.revision()).files());
        }
        return files;
    }

    /** What the designer saved or deployed (a new interface too): searched as edited from now on. */
    public void updated(String name, Map<String, String> files) {
        index.put(name, files);
        refilter();
        showCount();
    }

    /** How many interfaces the tree holds: counted from the index, so one made here counts at once. */
    private void showCount() {
        status.set(index.names().size() + " interfaces" + (readingFiles ? " · reading their files for search…" : ""));
    }

    /** Every interface's name the tree knows (deployed ones and those started here). */
    public java.util.Set<String> names() {
        return index.names();
    }

    private void refilter() {
        entries.setAll(index.search(search.get()));
    }

    public StringProperty searchProperty() {
        return search;
    }

    public ObservableList<ProjectIndex.Entry> entries() {
        return entries;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
