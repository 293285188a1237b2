package io.ductus.engine.replay;

import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.Candidate;
import io.ductus.engine.design.CandidateCheck;
import io.ductus.engine.design.ReadOnlyServices;
import io.ductus.engine.design.Trials;
import io.ductus.engine.runtime.DryRun;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.store.revision.Revision;
import io.ductus.store.revision.RevisionStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The code a replay runs: the candidate of each interface, and the recorded revisions whose decisions are
 * on record (run again where no output was kept), each checked as a deploy checks files
 * ({@link CandidateCheck}) and loaded into a {@link DryRun#pinned pinned} run whose services read live and
 * refuse writes ({@link ReadOnlyServices}), telling the replay which destination tried. One job's: its runs
 * are closed with it. Not shared between threads: each thread of a job has its own ({@link ReplayLane}).
 */
final class ReplayCode implements AutoCloseable {

    /** A loaded run (with the files it was loaded from), or why there is none. */
    record Loaded(DryRun run, InterfaceFiles files, Refusals refusals, String problem) {
        InterfaceDefinition definition() {
            return run.definition();
        }
    }

    private final EngineRuntime runtime;
    private final RevisionStore revisions;
    private final Map<String, Loaded> recorded = new HashMap<>();
    private final List<Loaded> loaded = new java.util.ArrayList<>();

    ReplayCode(EngineRuntime runtime, RevisionStore revisions) {
        this.runtime = runtime;
        this.revisions = revisions;
    }

    /** The files of the request's candidate for one interface; refused when there are none. */
    InterfaceFiles candidateFiles(ReplayRequest request, String name) {
        ReplayRequest.Candidate c = request.candidate();
        return switch (c.kind()) {
            case DEPLOYED -> runtime.interfaces().code(name).map(RunningRevision::files)
                    .orElseThrow(() -> new ReplayRefusedException(404, "Interface " + name + " does not run here.", List.of()));
            case DRAFT -> revisions.draft(request.owner(), name).map(d -> Trials.candidateFiles(InterfaceFiles.of(name, d.files()),
                            runtime.projectFolder()))
                    .orElseThrow(() -> new ReplayRefusedException(404, request.owner() + " has no draft of " + name + ".", List.of()));
            case REVISION -> revisions.revision(name, c.revision()).map(ReplayCode::files)
                    .orElseThrow(() -> new ReplayRefusedException(404, name + " has no revision " + c.revision() + ".", List.of()));
            case FILES -> Optional.ofNullable(c.files().get(name)).map(f -> Trials.candidateFiles(f, runtime.projectFolder()))
                    .orElseThrow(() -> new ReplayRefusedException(422, "no files were given for " + name + ".", List.of()));
        };
    }

    /** The candidate loaded; refused (422, with every problem) when its files do not check. */
    Loaded candidate(InterfaceFiles files) {
        Refusals refusals = new Refusals();
        Candidate checked = CandidateCheck.check(runtime, files, timeout -> new ReadOnlyServices(runtime.services(timeout), refusals::refused));
        if (!checked.valid()) {
            throw new ReplayRefusedException(422, "the candidate of " + files.interfaceName() + " has problems", checked.problems());
        }
        return load(checked.definition().orElseThrow(), files, refusals);
    }

    /** A recorded revision loaded (kept for the job), or why it cannot run. */
    Loaded recorded(String name, int number) {
        return recorded.computeIfAbsent(name + "\n" + number, k -> {
            Optional<Revision> revision = revisions.revision(name, number);
            if (revision.isEmpty()) return new Loaded(null, null, null, "revision " + number + " of " + name + " is not on record");
            Refusals refusals = new Refusals();
            InterfaceFiles files = files(revision.get());
            Candidate checked = CandidateCheck.check(runtime, files, timeout -> new ReadOnlyServices(runtime.services(timeout), refusals::refused));
            if (!checked.valid()) {
                return new Loaded(null, null, null, "revision " + number + " does not run now: " + checked.problems().getFirst().message());
            }
            return load(checked.definition().orElseThrow(), files, refusals);
        });
    }

    private Loaded load(InterfaceDefinition definition, InterfaceFiles files, Refusals refusals) {
        DryRun run = DryRun.pinned(definition, files, runtime.scriptHost(), runtime.projectFolder(),
                new ReadOnlyServices(runtime.services(definition.timeout()), refusals::refused));
        Loaded l = new Loaded(run, files, refusals, null);
        synchronized (loaded) {
            loaded.add(l);
        }
        return l;
    }

    /**
     * The same code loaded once more, for another thread of the job (a context runs on one thread at a
     * time); it was checked when it was first loaded.
     */
    Loaded again(Loaded checked) {
        Refusals refusals = new Refusals();
        return load(checked.definition(), checked.files(), refusals);
    }

    private static InterfaceFiles files(Revision revision) {
        return InterfaceFiles.of(revision.summary().interfaceName(), revision.files());
    }

    @Override
    public void close() {
        synchronized (loaded) {
            for (Loaded l : loaded) l.run().close();
            loaded.clear();
        }
    }

    /** What the code tried to write since it was last asked: its services tell it of each refusal. */
    static final class Refusals {
        private String refused;

        synchronized void refused(String what) {
            if (refused == null) refused = what;
        }

        /** The first refusal since the last take (null: none), and forgets it. */
        synchronized String take() {
            String r = refused;
            refused = null;
            return r;
        }
    }
}
