package io.ductus.engine.design;

import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.project.InterfaceFolders;
import io.ductus.store.revision.NewRevision;
import io.ductus.store.revision.Revision;
import io.ductus.store.revision.RevisionOrigin;
import io.ductus.store.revision.RevisionStatus;
import io.ductus.store.revision.RevisionStore;
import io.ductus.store.revision.RevisionSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the engine does with its interface folders: before it reads the project, finishes or undoes a
 * folder replace a crash interrupted ({@link #recover}, {@link InterfaceFolders#recover()}); then, for every interface
 * folder, records its files as a revision unless they are the current one's (a {@code git pull} while it
 * was stopped; a deploy whose files were written when it stopped) and settles a deploy left under way;
 * an interface whose folder is gone is recorded as removed. The result is the revision each interface runs.
 */
public final class StartRevisions {

    private static final Logger LOG = LoggerFactory.getLogger(StartRevisions.class);

    private StartRevisions() {
    }

    /**
     * Finishes or undoes the folder replaces a crash interrupted, saying each: call before the project is read (the
     * folders may change). Needs no store, so the start makes it as it reads the project, beside the store's opening.
     */
    public static void recover(Path project) throws IOException {
        for (String done : new InterfaceFolders(project).recover()) LOG.warn("interface {}", done);
    }

    /**
     * Call after {@link #recover} (the start's project read makes it first, so the files read are the ones recorded here;
     * made again here it found nothing to do and cost a listing of every interface folder).
     */
    public static Map<String, RunningRevision> record(Path project, RevisionStore revisions, long now) throws IOException {
        InterfaceFolders folders = new InterfaceFolders(project);
        List<RevisionSummary> wasUnderWay = revisions.underWay();
        Map<String, InterfaceFiles> onDisk = new LinkedHashMap<>();
        for (String name : folders.names()) folders.read(name).ifPresent(files -> onDisk.put(name, files));
        // All at once: a start with a thousand interfaces is a read (and one transaction when folders changed), not one each.
        Map<String, RevisionSummary> found = revisions.found(onDisk.entrySet().stream().map(e -> new NewRevision(e.getKey(),
                e.getValue().hash(), e.getValue().asMap(), RevisionOrigin.START, "engine", "found in the project folder at start", false))
                .toList(), now);
        Map<String, RunningRevision> codes = new LinkedHashMap<>();
        int firstSeen = 0;
        for (Map.Entry<String, InterfaceFiles> e : onDisk.entrySet()) {
            String name = e.getKey();
            RevisionSummary r = found.get(name);
            if (r.origin() == RevisionOrigin.START && r.createdAt() == now) {
                // A first start records every interface: routine, not for the start's short log. A folder changed
                // while the engine was stopped is worth a line: the engine runs files that came without a deploy.
                if (r.number() == 1) firstSeen++;
                else LOG.info("interface {}: its folder changed while the engine was stopped; recorded as revision {}", name, r.number());
            }
            codes.put(name, new RunningRevision(r.number(), e.getValue()));
        }
        if (firstSeen > 0) LOG.debug("{} interface(s) new to the engine: their files recorded as revision 1", firstSeen);
        java.util.Set<String> gone = new java.util.TreeSet<>();
        for (RevisionSummary r : revisions.current().values()) {
            if (r.status() != RevisionStatus.REMOVED && !codes.containsKey(r.interfaceName())) gone.add(r.interfaceName());
        }
        for (RevisionSummary r : revisions.underWay()) { // a new interface's deploy that never put its folder in place
            if (!codes.containsKey(r.interfaceName())) gone.add(r.interfaceName());
        }
        for (String name : gone) {
            revisions.gone(name, now).ifPresent(g ->
                    LOG.info("interface {}: its folder is gone; recorded as removed (revision {})", g.interfaceName(), g.number()));
        }
        for (RevisionSummary u : wasUnderWay) {
            revisions.revision(u.interfaceName(), u.number()).map(Revision::summary).ifPresent(r -> LOG.warn(
                    "interface {}: the engine stopped during the deploy of revision {}; it is {} now: {}", r.interfaceName(), r.number(),
                    r.status().dbValue(), r.reason()));
        }
        return codes;
    }
}
