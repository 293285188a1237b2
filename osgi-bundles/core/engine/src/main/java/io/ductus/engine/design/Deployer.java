package io.ductus.engine.design;

import io.ductus.core.lane.LanesGuard;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.revision.CodeImports;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.project.InterfaceFolders;
import io.ductus.store.DestinationCounts;
import io.ductus.store.Store;
import io.ductus.store.revision.NewRevision;
import io.ductus.store.revision.Revision;
import io.ductus.store.revision.RevisionConflictException;
import io.ductus.store.revision.RevisionOrigin;
import io.ductus.store.revision.RevisionStatus;
import io.ductus.store.revision.RevisionSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deploys one interface while the others run (docs/designing.md): checks its files as {@code ductus
 * validate} does and loads its code, runs its tests, applies the lanes guard, records the revision as
 * under way, writes the files into the project folder atomically ({@link InterfaceFolders}), swaps the
 * interface live ({@link InterfaceManager#deploy}), and records the revision as deployed. A refusal at
 * any check changes nothing (no file, no revision; the audit row says it was refused). A revision that
 * cannot start puts the files before it back and runs the revision before it again. One deploy at a time
 * per engine; between engines, and against a base that is no longer current, the store's record decides
 * ({@link io.ductus.store.revision.RevisionStore#begin}).
 */
public final class Deployer {

    private static final Logger LOG = LoggerFactory.getLogger(Deployer.class);

    private final Supplier<EngineRuntime> runtime;
    private final Store store;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    /** Revisions another engine deployed that could not start here, by interface: not tried again until a newer one. */
    private final Map<String, Integer> failedHere = new java.util.concurrent.ConcurrentHashMap<>();

    public Deployer(Supplier<EngineRuntime> runtime, Store store, Clock clock) {
        this.runtime = runtime;
        this.store = store;
        this.clock = clock;
    }

    /**
     * Deploys an interface's own files (interfaces/NAME/…), made from revision {@code base} (null for a new
     * interface); the lib/ files its code imports are taken from the project folder as they are.
     *
     * @throws DeployRefusedException when it is refused; nothing changed then
     */
    public DeployResult deploy(String name, InterfaceFiles own, Integer base, RevisionOrigin origin, String author, String message,
                               AuditMaker audit) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            return deployLocked(name, own, base, origin, author, message, audit, List.of());
        } finally {
            lock.unlock();
        }
    }

    /** Deploys an older revision's files again, as a new revision made from {@code base}. */
    public DeployResult rollback(String name, int revision, Integer base, String author, String message, AuditMaker audit)
            throws InterruptedException {
        Revision old = store.revisions().revision(name, revision).orElseThrow(() -> new DeployRefusedException(404, "Not found",
                "Interface " + name + " has no revision " + revision + ".", List.of(), null));
        if (old.summary().status() == RevisionStatus.REMOVED || old.files().isEmpty()) {
            throw new DeployRefusedException(409, "Conflict", "Revision " + revision + " of " + name + " is its removal: it has no"
                    + " files to go back to.", List.of(), null);
        }
        InterfaceFiles files = InterfaceFiles.of(name, old.files());
        lock.lockInterruptibly();
        try {
            InterfaceFiles now = withLib(files.own(), runtime().projectFolder());
            List<String> notes = new ArrayList<>();
            for (String path : files.paths()) {
                if (!path.startsWith(InterfaceFiles.LIB)) continue;
                if (!now.contains(path) || !java.util.Arrays.equals(now.bytes(path).orElseThrow(), files.bytes(path).orElseThrow())) {
                    notes.add(path + " is not as it was in revision " + revision + ": lib/ is shared by every interface and is"
                            + " not rolled back; the code runs with lib/ as it is now");
                }
            }
            String said = "rollback to revision " + revision + (message == null || message.isBlank() ? "" : ": " + message);
            return deployLocked(name, files.own(), base, RevisionOrigin.ROLLBACK, author, said, audit, notes);
        } finally {
            lock.unlock();
        }
    }

    private DeployResult deployLocked(String name, InterfaceFiles own, Integer base, RevisionOrigin origin, String author,
                                      String message, AuditMaker audit, List<String> notes) throws InterruptedException {
        EngineRuntime rt = runtime();
        InterfaceManager interfaces = rt.interfaces();
        String action = origin == RevisionOrigin.ROLLBACK ? "interface.rollback" : "interface.deploy";
        String target = "interface:" + name;
        Optional<RevisionSummary> current = store.revisions().current(name).filter(r -> r.status() != RevisionStatus.REMOVED);
        checkBase(name, base, current, audit, action, target);
        InterfaceFiles files = withLib(own, rt.projectFolder());
        rt.pickUpNewCertificates(); // a certificate added to resources.yaml for this deploy is there without a restart
        Optional<RunningRevision> running = interfaces.code(name);
        if (running.isPresent() && running.get().files().equals(files) && current.isPresent()
                && current.get().hash().equals(files.hash())) {
            return new DeployResult(current.get(), false, null, null, notes);
        }
        Candidate candidate = CandidateCheck.check(rt, files);
        if (!candidate.valid()) {
            throw refused(audit, action, target, 422, "Problems in the files", candidate.problems().size()
                    + " problem(s) in the files of " + name + "; nothing was changed.", candidate.problems());
        }
        InterfaceDefinition definition = candidate.definition().orElseThrow();
        CandidateTests.Summary tests = CandidateTests.run(definition, files, rt.scriptHost(), rt.projectFolder());
        if (!tests.failures().isEmpty()) {
            throw refused(audit, action, target, 422, "Tests failed", tests.failed() + " of the interface's tests failed ("
                    + tests.passed() + " passed); nothing was changed.", tests.failures());
        }
        Optional<InterfaceDefinition> before = interfaces.definition(name);
        if (before.isPresent() && LanesGuard.lowers(before.get().ordering().lanes(), definition.ordering().lanes())) {
            long waiting = store.pendingInLanes(name, definition.ordering().lanes());
            Optional<String> refusal = LanesGuard.refusal(before.get().ordering().lanes(), definition.ordering().lanes(), waiting);
            if (refusal.isPresent()) {
                throw refused(audit, action, target, 409, "Messages would be stranded", refusal.get() + ". Nothing was changed.",
                        List.of(new Problem(InterfaceFiles.interfaceFile(name), io.ductus.core.project.Position.START,
                                "ordering.partitions", refusal.get())));
            }
        }
        DeployResult.Tests ran = new DeployResult.Tests(tests.files(), tests.passed(), tests.failed());
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("base", base);
        detail.put("origin", origin.dbValue());
        detail.put("hash", files.hash());
        detail.put("tests", Map.of("passed", tests.passed(), "failed", tests.failed()));
        if (message != null) detail.put("message", message);
        RevisionSummary begun;
        try {
            begun = store.revisions().begin(new NewRevision(name, files.hash(), files.asMap(), origin, author, message, false), base,
                    clock.millis(), audit.make(action, target, AuditMaker.OK, detail));
        } catch (RevisionConflictException e) {
            throw conflict(audit, action, target, e.getMessage(), e.current());
        }
        return apply(rt, begun, candidate, definition, running, origin, ran, notes);
    }

    /** Writes, swaps and settles a revision begun; on a failure puts back what was, and records it failed. */
    private DeployResult apply(EngineRuntime rt, RevisionSummary begun, Candidate candidate, InterfaceDefinition definition,
                               Optional<RunningRevision> running, RevisionOrigin origin, DeployResult.Tests tests, List<String> notes)
            throws InterruptedException {
        String name = begun.interfaceName();
        InterfaceFolders folders = new InterfaceFolders(rt.projectFolder());
        ProjectSources sourcesBefore = rt.sources();
        boolean wrote = false;
        try {
            if (origin != RevisionOrigin.DISK) {
                folders.replace(name, candidate.files());
                wrote = true;
            }
            rt.sources(candidate.sources());
            InterfaceManager.Deployed swap = rt.interfaces().deploy(definition, new RunningRevision(begun.number(), candidate.files()));
            RevisionSummary done = store.revisions().finish(name, begun.number(), true, null, clock.millis());
            LOG.info("interface {}: revision {} deployed by {} ({}){}", name, done.number(), done.author(), origin.dbValue(),
                    swap.gateClosedMillis() == null ? "" : "; its input waited " + swap.gateClosedMillis() + " ms");
            return new DeployResult(done, true, swap, tests, notes);
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            String reason = e instanceof IllegalStateException ? "the new revision could not start: " + e.getMessage()
                    : "the files could not be written into the project folder: " + e.getMessage();
            rt.sources(sourcesBefore);
            if (wrote) putBack(folders, name, running);
            store.revisions().finish(name, begun.number(), false, reason, clock.millis());
            String now = running.map(c -> "revision " + c.revision() + " runs as before").orElse("the interface does not run");
            throw new DeployRefusedException(e instanceof IllegalStateException ? 409 : 500,
                    e instanceof IllegalStateException ? "Could not start" : "Could not write", reason + "; " + now + ".",
                    List.of(), null);
        }
    }

    /**
     * Engines on one database (docs/engines.md): applies here what another engine deployed or removed. For each
     * interface whose current revision in the store is newer than the one this engine runs, a deployed revision's
     * files are checked, written into the project folder and swapped in live (as its deploy did there: no new
     * revision, no audit row, those are the deploying engine's); a removal removes it here. A revision that does
     * not start here is logged and tried again at the next call only once it changes. Returns what it applied,
     * in words.
     */
    public List<String> applyNewer() throws InterruptedException {
        EngineRuntime rt = runtime.get();
        if (rt == null) return List.of();
        List<String> applied = new ArrayList<>();
        lock.lockInterruptibly();
        try {
            for (RevisionSummary current : store.revisions().current().values()) {
                String name = current.interfaceName();
                Optional<RunningRevision> running = rt.interfaces().code(name);
                Integer runs = running.map(RunningRevision::revision).orElse(null);
                if (runs != null && runs >= current.number()) continue;
                if (current.status() == RevisionStatus.REMOVED) {
                    if (running.isEmpty() || running.get().files().own().isEmpty()) continue;
                    rt.interfaces().remove(name);
                    try {
                        new InterfaceFolders(rt.projectFolder()).remove(name);
                    } catch (IOException e) {
                        LOG.error("interface {}: removed by another engine; its folder here could not be removed: {}", name, e.getMessage());
                    }
                    rt.sources(rt.sources().withoutInterface(name));
                    LOG.info("interface {}: removed by {} on another engine (revision {}); removed here too", name, current.author(),
                            current.number());
                    applied.add(name + ": removed (revision " + current.number() + ")");
                    continue;
                }
                if (current.status() != RevisionStatus.DEPLOYED) continue;
                if (failedHere.getOrDefault(name, -1) == current.number()) continue;
                if (running.isPresent() && running.get().files().hash().equals(current.hash())) {
                    continue; // the same files (this engine's own start recorded them): nothing to swap
                }
                Optional<Revision> revision = store.revisions().revision(name, current.number());
                if (revision.isEmpty()) continue;
                InterfaceFiles files = InterfaceFiles.of(name, revision.get().files());
                Candidate candidate = CandidateCheck.check(rt, files);
                if (!candidate.valid()) {
                    failedHere.put(name, current.number());
                    LOG.error("interface {}: revision {} deployed by {} on another engine does not load here: {}", name, current.number(),
                            current.author(), candidate.problems().get(0));
                    continue;
                }
                InterfaceFolders folders = new InterfaceFolders(rt.projectFolder());
                ProjectSources sourcesBefore = rt.sources();
                try {
                    folders.replace(name, candidate.files());
                    rt.sources(candidate.sources());
                    InterfaceManager.Deployed swap = rt.interfaces().deploy(candidate.definition().orElseThrow(),
                            new RunningRevision(current.number(), candidate.files()));
                    LOG.info("interface {}: revision {} deployed by {} on another engine; running here too{}", name, current.number(),
                            current.author(), swap.gateClosedMillis() == null ? "" : " (its input waited " + swap.gateClosedMillis() + " ms)");
                    applied.add(name + ": revision " + current.number());
                } catch (IOException | UncheckedIOException | IllegalStateException e) {
                    rt.sources(sourcesBefore);
                    putBack(folders, name, running);
                    failedHere.put(name, current.number());
                    LOG.error("interface {}: revision {} deployed on another engine could not start here: {}; {}", name, current.number(),
                            e.getMessage(), running.map(c -> "revision " + c.revision() + " runs as before").orElse("it does not run here"));
                }
            }
        } finally {
            lock.unlock();
        }
        return applied;
    }

    private static void putBack(InterfaceFolders folders, String name, Optional<RunningRevision> running) {
        try {
            if (running.isPresent() && !running.get().files().own().isEmpty()) folders.replace(name, running.get().files());
            else folders.remove(name);
        } catch (IOException e) {
            LOG.error("interface {}: the files before the failed deploy could not be put back: {}", name, e.getMessage());
        }
    }

    /**
     * Removes an interface: refused while deliveries of it are pending, unless {@code filterPending} (then
     * they are filtered with the reason, on record); refused when another interface routes into it.
     */
    public DeployResult remove(String name, Integer base, boolean filterPending, String reason, RevisionOrigin origin, String author,
                               AuditMaker audit) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            return removeLocked(name, base, filterPending, reason, origin, author, audit);
        } finally {
            lock.unlock();
        }
    }

    private DeployResult removeLocked(String name, Integer base, boolean filterPending, String reason, RevisionOrigin origin,
                                      String author, AuditMaker audit) {
        EngineRuntime rt = runtime();
        String target = "interface:" + name;
        Optional<RevisionSummary> current = store.revisions().current(name).filter(r -> r.status() != RevisionStatus.REMOVED);
        if (current.isEmpty() && rt.interfaces().code(name).isEmpty()) {
            throw new DeployRefusedException(404, "Not found", "There is no interface '" + name + "'.", List.of(), null);
        }
        checkBase(name, base, current, audit, "interface.remove", target);
        List<Problem> problems = CandidateCheck.checkRemoval(rt, name);
        if (!problems.isEmpty()) {
            throw refused(audit, "interface.remove", target, 422, "Other interfaces need it", "Removing " + name
                    + " would break " + problems.size() + " thing(s) elsewhere; nothing was changed.", problems);
        }
        long pending = store.destinationCounts().stream().filter(c -> c.destination().interfaceName().equals(name))
                .mapToLong(DestinationCounts::pending).sum();
        if (pending > 0 && (!filterPending || reason == null || reason.isBlank())) {
            throw refused(audit, "interface.remove", target, 409, "Messages pending", pending + " deliveries of " + name
                    + " are pending. Let them be delivered first, or remove it with filterPending: true and a reason"
                    + " (they are then filtered, with the reason on record). Nothing was changed.", List.of());
        }
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("base", base);
        detail.put("pending", pending);
        if (reason != null) detail.put("reason", reason);
        RevisionSummary begun;
        try {
            begun = store.revisions().begin(new NewRevision(name, "", Map.of(), origin, author, reason, true), base, clock.millis(),
                    audit.make("interface.remove", target, AuditMaker.OK, detail));
        } catch (RevisionConflictException e) {
            throw conflict(audit, "interface.remove", target, e.getMessage(), e.current());
        }
        rt.interfaces().remove(name);
        String filtered = null;
        if (pending > 0) {
            String why = "interface removed by " + author + ": " + reason;
            int n = store.filterPending(name, why, clock.millis(), null);
            filtered = n + " pending deliveries filtered (" + why + ")";
        }
        try {
            if (origin != RevisionOrigin.DISK) new InterfaceFolders(rt.projectFolder()).remove(name);
        } catch (IOException e) {
            LOG.error("interface {}: removed from the engine, but its folder could not be removed: {}", name, e.getMessage());
        }
        rt.sources(rt.sources().withoutInterface(name));
        RevisionSummary done = store.revisions().finish(name, begun.number(), true, filtered, clock.millis());
        LOG.info("interface {}: removed by {} (revision {}){}", name, author, done.number(), filtered == null ? "" : "; " + filtered);
        return new DeployResult(done, true, null, null, filtered == null ? List.of() : List.of(filtered));
    }

    /** One interface's outcome of a deploy from the project folder. */
    public record FromDisk(String interfaceName, String outcome, DeployResult result, DeployRefusedException refusal) {
    }

    /**
     * {@code ductus deploy}: deploys what the project folder holds where it differs from what runs (all
     * interfaces, or those named), each with the same checks; interfaces whose folder is gone are removed
     * (refused while they have pending deliveries, unless {@code filterPending}). Each interface on its own:
     * one refused leaves the others to go ahead.
     */
    public List<FromDisk> deployFromDisk(List<String> only, boolean filterPending, String reason, String author, String message,
                                         AuditMaker audit) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            EngineRuntime rt = runtime();
            InterfaceFolders folders = new InterfaceFolders(rt.projectFolder());
            java.util.TreeSet<String> names;
            try {
                names = new java.util.TreeSet<>(folders.names());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            rt.interfaces().states().forEach(s -> names.add(s.name()));
            store.revisions().current().values().stream().filter(r -> r.status() != RevisionStatus.REMOVED)
                    .forEach(r -> names.add(r.interfaceName()));
            for (String n : only) {
                if (!names.contains(n)) throw new DeployRefusedException(404, "Not found", "There is no interface '" + n
                        + "' in the project folder or the engine.", List.of(), null);
            }
            List<FromDisk> results = new ArrayList<>();
            for (String name : names) {
                if (!only.isEmpty() && !only.contains(name)) continue;
                Integer base = store.revisions().current(name).filter(r -> r.status() != RevisionStatus.REMOVED)
                        .map(RevisionSummary::number).orElse(null);
                try {
                    Optional<InterfaceFiles> onDisk = folders.read(name);
                    DeployResult r = onDisk.isPresent()
                            ? deployLocked(name, onDisk.get().own(), base, RevisionOrigin.DISK, author, message, audit, List.of())
                            : removeLocked(name, base, filterPending, reason, RevisionOrigin.DISK, author, audit);
                    results.add(new FromDisk(name, !r.changed() ? "unchanged" : onDisk.isPresent() ? "deployed" : "removed", r, null));
                } catch (DeployRefusedException e) {
                    results.add(new FromDisk(name, "refused", null, e));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return results;
        } finally {
            lock.unlock();
        }
    }

    private void checkBase(String name, Integer base, Optional<RevisionSummary> current, AuditMaker audit, String action,
                           String target) {
        boolean ok = base == null ? current.isEmpty() : current.isPresent() && current.get().number() == base;
        if (ok) return;
        String now = current.map(c -> "its current revision is " + c.number() + ", deployed by " + c.author() + " at "
                + java.time.Instant.ofEpochMilli(c.finishedAt() == null ? c.createdAt() : c.finishedAt())).orElse("it has none");
        throw conflict(audit, action, target, (base == null ? "the change says " + name + " is new"
                : "the change was made from revision " + base + " of " + name) + ", but " + now
                + ": look at what changed (GET /api/v1/interfaces/" + name + "/diff), then try again from the current revision",
                current.orElse(null));
    }

    private DeployRefusedException conflict(AuditMaker audit, String action, String target, String detail, RevisionSummary current) {
        recordRefusal(audit, action, target, detail);
        return new DeployRefusedException(409, "Conflict", detail, List.of(), current);
    }

    private DeployRefusedException refused(AuditMaker audit, String action, String target, int status, String title, String detail,
                                           List<Problem> problems) {
        recordRefusal(audit, action, target, detail);
        return new DeployRefusedException(status, title, detail, problems, null);
    }

    private void recordRefusal(AuditMaker audit, String action, String target, String detail) {
        var entry = audit.make(action, target, AuditMaker.REFUSED, Map.of("reason", detail));
        if (entry == null) return;
        try {
            store.accounts().record(entry);
        } catch (RuntimeException e) {
            LOG.error("audit row not written ({}): {} {} refused: {}", e.getMessage(), action, target, detail);
        }
    }

    /** The interface's own files with the lib/ files their code imports, as the project folder holds them now. */
    public static InterfaceFiles withLib(InterfaceFiles own, Path project) {
        Path lib = project.toAbsolutePath().normalize().resolve("lib");
        return CodeImports.withImportedLib(own, path -> {
            Path file = project.toAbsolutePath().normalize().resolve(path).normalize();
            if (!file.startsWith(lib) || !Files.isRegularFile(file)) return Optional.empty();
            try {
                return Optional.of(Files.readAllBytes(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + path, e);
            }
        });
    }

    private EngineRuntime runtime() {
        EngineRuntime rt = runtime.get();
        if (rt == null) throw new DeployRefusedException(503, "Engine starting", "The engine is starting its interfaces; try again in a moment.",
                List.of(), null);
        return rt;
    }
}
