package io.ductus.engine.design;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.runtime.DryRun;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Trial runs (docs/designing.md): an interface's code (a draft's files, the deployed revision's, or files
 * given inline) run on sample messages with {@link DryRun}, as the workers would run it, nothing sent or
 * stored. Each message and destination gets the decision, the output, its differences from the input or
 * from the deployed revision's output, the console lines and the service calls. Fast while someone types:
 * the checked and loaded code of the last few contents is kept, per owner and content, with its context
 * warm, so a trial of content seen before costs the transforms alone.
 */
public final class Trials implements AutoCloseable {

    /** How many checked and loaded contents are kept (each holds one context of its code). */
    static final int KEPT = 16;

    private final Supplier<EngineRuntime> runtime;
    private final Map<String, Prepared> kept = new LinkedHashMap<>(KEPT, 0.75f, true);
    private final java.time.Clock clock;

    /** A content checked and, when valid, loaded. */
    private record Prepared(Candidate candidate, DryRun run, TrialServices services) {
    }

    /** A message to try: inline (id 0) or a stored one. */
    public record Sample(String label, long id, byte[] payload, Charset charset, long receivedAt, String origin) {
    }

    /**
     * @param compareWithDeployed also run the deployed revision and compare its outputs (else: compare with the input)
     * @param live                services read live (else: the mocks)
     * @param destinations        only these (none: every destination)
     */
    public record Request(String owner, InterfaceFiles files, List<Sample> samples, Set<String> destinations,
                          boolean compareWithDeployed, boolean live, JsonNode mocks) {
    }

    /** One destination's result for one message. */
    public record DestinationResult(DryRun.Outcome outcome, String comparedWith, OutputDifferences.Compared differences,
                                    DryRun.Outcome deployed, boolean decisionChanged, List<ServiceCall> calls) {
    }

    /** One message's results. */
    public record MessageResult(Sample sample, List<DestinationResult> destinations) {
    }

    /**
     * What the trial came to: the problems of the files (then nothing ran), or each message's results.
     *
     * @param deployedRevision the revision compared with, when asked
     */
    public record Result(List<Problem> problems, List<MessageResult> messages, Integer deployedRevision, boolean cached, long nanos) {
    }

    public Trials(Supplier<EngineRuntime> runtime, java.time.Clock clock) {
        this.runtime = runtime;
        this.clock = clock;
    }

    public Result run(Request request) {
        long started = System.nanoTime();
        EngineRuntime rt = runtime.get();
        if (rt == null) throw new DeployRefusedException(503, "Engine starting", "The engine is starting; try again in a moment.",
                List.of(), null);
        InterfaceFiles files = candidateFiles(request.files(), rt.projectFolder());
        boolean[] hit = new boolean[1];
        Prepared trying = prepared(rt, request.owner() + "\n" + files.hash(), files, hit);
        if (trying.run() == null) return new Result(trying.candidate().problems(), List.of(), null, hit[0], System.nanoTime() - started);
        Prepared deployed = null;
        Integer deployedRevision = null;
        if (request.compareWithDeployed()) {
            Optional<RunningRevision> code = rt.interfaces().code(files.interfaceName());
            if (code.isPresent()) {
                deployed = prepared(rt, "deployed\n" + code.get().files().hash(), code.get().files(), new boolean[1]);
                deployedRevision = code.get().revision();
                if (deployed.run() == null) deployed = null;
            }
        }
        List<MessageResult> messages = new ArrayList<>();
        for (Sample sample : request.samples()) messages.add(run(rt, request, trying, deployed, sample));
        return new Result(List.of(), messages, deployedRevision, hit[0], System.nanoTime() - started);
    }

    /**
     * The interface these files would be, as the last trial of them checked it (checked now when no trial
     * kept them); empty when they have problems.
     */
    public Optional<InterfaceDefinition> definition(String owner, InterfaceFiles given) {
        EngineRuntime rt = runtime.get();
        if (rt == null) return Optional.empty();
        InterfaceFiles files = candidateFiles(given, rt.projectFolder());
        Prepared p = prepared(rt, owner + "\n" + files.hash(), files, new boolean[1]);
        return p.run() == null ? Optional.empty() : Optional.of(p.run().definition());
    }

    /**
     * The files a trial or a replay runs: the interface's own with the project's lib/ files its code
     * imports, lib/ files given with them (a draft may carry them) replacing the project's.
     */
    public static InterfaceFiles candidateFiles(InterfaceFiles given, java.nio.file.Path project) {
        return Deployer.withLib(given.own(), project).with(libOf(given));
    }

    /** lib/ files given with the trial's files (a draft may carry them) replace the project's. */
    private static InterfaceFiles libOf(InterfaceFiles given) {
        Map<String, byte[]> lib = new LinkedHashMap<>();
        for (String p : given.paths()) if (p.startsWith(InterfaceFiles.LIB)) lib.put(p, given.bytes(p).orElseThrow());
        return InterfaceFiles.of(given.interfaceName(), lib);
    }

    private MessageResult run(EngineRuntime rt, Request request, Prepared trying, Prepared deployed, Sample sample) {
        InterfaceDefinition definition = trying.run().definition();
        DryRun.Message message = new DryRun.Message(sample.payload(), sample.charset(), sample.id(), sample.receivedAt(), sample.origin());
        synchronized (trying) {
            trying.services().use(request.live(), new ReadOnlyServices(rt.services(definition.timeout())), request.mocks());
            List<String> order = new ArrayList<>();
            List<List<ServiceCall>> perDestination = new ArrayList<>();
            List<DryRun.Outcome> outcomes = trying.run().run(message, request.destinations(), name -> {
                if (!order.isEmpty()) perDestination.add(trying.services().take());
                order.add(name);
            });
            if (!order.isEmpty()) perDestination.add(trying.services().take());
            return new MessageResult(sample, results(rt, request, definition, deployed, message, sample, outcomes, perDestination));
        }
    }

    private List<DestinationResult> results(EngineRuntime rt, Request request, InterfaceDefinition definition, Prepared deployed,
                                            DryRun.Message message, Sample sample, List<DryRun.Outcome> outcomes,
                                            List<List<ServiceCall>> calls) {
        Map<String, DryRun.Outcome> before = new LinkedHashMap<>();
        InterfaceDefinition deployedDefinition = null;
        if (deployed != null) {
            deployedDefinition = deployed.run().definition();
            synchronized (deployed) {
                deployed.services().use(request.live(), new ReadOnlyServices(rt.services(deployedDefinition.timeout())), request.mocks());
                for (DryRun.Outcome o : deployed.run().run(message, request.destinations())) before.put(o.destination(), o);
                deployed.services().take();
            }
        }
        List<DestinationResult> results = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            DryRun.Outcome o = outcomes.get(i);
            DestinationDefinition d = definition.destinations().get(o.destination());
            DryRun.Outcome old = before.get(o.destination());
            OutputDifferences.Compared differences = null;
            String comparedWith = null;
            if (deployed != null && old != null) {
                comparedWith = "deployed";
                if (o.output() != null && old.output() != null) {
                    differences = OutputDifferences.between(deployedDefinition.destinations().get(o.destination()).outputFormat(),
                            old.output(), old.charset(), old.hl7(), d.outputFormat(), o.output(), o.charset(), o.hl7());
                }
            } else if (o.output() != null) {
                comparedWith = "input";
                Charset input = o.charset() == null ? java.nio.charset.StandardCharsets.UTF_8 : o.charset();
                differences = OutputDifferences.between(definition.format(), sample.payload(),
                        sample.charset() == null ? input : sample.charset(), null, d.outputFormat(), o.output(), o.charset(), o.hl7());
            }
            results.add(new DestinationResult(o, comparedWith, differences, old, old != null && old.decision() != o.decision(),
                    calls.get(i)));
        }
        return results;
    }

    /** The kept preparation of this content, or a new one (checked; loaded when valid). */
    private Prepared prepared(EngineRuntime rt, String key, InterfaceFiles files, boolean[] hit) {
        synchronized (kept) {
            Prepared p = kept.get(key);
            if (p != null) {
                hit[0] = true;
                return p;
            }
        }
        TrialServices services = new TrialServices();
        Candidate candidate = CandidateCheck.check(rt, files, timeout -> new ReadOnlyServices(rt.services(timeout)));
        DryRun run = null;
        if (candidate.valid()) {
            run = DryRun.of(candidate.definition().orElseThrow(), files, rt.scriptHost(), rt.projectFolder(), services, clock);
            try {
                run.load();
            } catch (RuntimeException e) {
                // the check loaded it a moment ago; a failure now shows in each result
            }
        }
        Prepared made = new Prepared(candidate, run, services);
        List<Prepared> evicted = new ArrayList<>();
        synchronized (kept) {
            Prepared raced = kept.putIfAbsent(key, made);
            if (raced != null) {
                if (run != null) run.close();
                return raced;
            }
            while (kept.size() > KEPT) {
                var eldest = kept.entrySet().iterator().next();
                kept.remove(eldest.getKey());
                evicted.add(eldest.getValue());
            }
        }
        for (Prepared gone : evicted) {
            if (gone.run() == null) continue;
            synchronized (gone) { // not while a trial runs it
                gone.run().close();
            }
        }
        return made;
    }

    @Override
    public void close() {
        synchronized (kept) {
            kept.values().forEach(p -> {
                if (p.run() != null) p.run().close();
            });
            kept.clear();
        }
    }
}
