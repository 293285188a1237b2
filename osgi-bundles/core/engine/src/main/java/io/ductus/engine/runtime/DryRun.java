package io.ductus.engine.runtime;

import io.ductus.core.delivery.DeliveryRules;
import io.ductus.core.delivery.DeliveryRules.Verdict;
import io.ductus.core.lane.PayloadKeys;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.script.InterfaceScript;
import io.ductus.script.PinnedClock;
import io.ductus.script.ScriptContext;
import io.ductus.script.ScriptException;
import io.ductus.script.ScriptHost;
import io.ductus.script.ScriptServices;
import io.ductus.script.Transform;
import io.ductus.script.TransformResult;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import io.ductus.store.DeliveryOutcome;

/**
 * An interface's code (a revision's files, or a draft's) run on a message exactly as its workers would
 * run it, without sending or storing anything: the charset read as intake reads it, {@code meta} as a
 * worker makes it, each destination's function, and the decision the worker would take from what it
 * returned on a first attempt (the core's {@link DeliveryRules}). The trial runs drafts with it; replay runs candidates and recorded revisions with it ({@link #pinned}).
 *
 * <p>One context of the code, made on first use and kept (as a worker keeps its own), so a warm run costs
 * only the transforms. Not thread-safe: calls are serialized. What the code writes to the console is
 * taken per destination. Services are what the caller gives (the trial's mocks, reads only, …).
 */
public final class DryRun implements AutoCloseable {

    /** What a worker would do with the delivery. */
    public enum Decision {
        /** Deliver the output (the trial delivers nothing). */
        SENT,
        /** Not delivered on purpose. */
        FILTERED,
        /** Set aside for an operator. */
        QUARANTINED,
        /** Tried again later. */
        RETRY
    }

    /**
     * One destination's result.
     *
     * @param reason  why it was filtered, quarantined or retried, as the delivery's last error would say; null when sent
     * @param runaway the code ran past its timeout (or over its memory) and was stopped
     * @param thrown  the code threw, ran away or did not load: an error of the code, not a decision it made
     * @param output  what would be delivered (null unless sent)
     * @param log     what the code wrote to the console for this destination, line by line
     * @param hl7     the output as HL7, already read: a copy of the message the code returned, when its bytes read
     *                back in {@code charset} as the same text (what {@code Hl7Message.parse(output, charset)} would
     *                give, without reading it again); null otherwise
     */
    public record Outcome(String destination, Decision decision, String reason, boolean runaway, boolean thrown, byte[] output,
                          Charset charset, List<String> log, long nanos, Hl7Message hl7) {
    }

    /** One message to run: its payload, the charset its source named (null: read as intake reads it), and its meta. */
    public record Message(byte[] payload, Charset charset, long id, long receivedAt, String origin) {
        public Message {
            Objects.requireNonNull(payload, "payload");
        }
    }

    private final InterfaceDefinition definition;
    private final InterfaceScript script;
    /** What the code exports, once loaded (the destinations' default transform follows it). */
    private Optional<java.util.Set<String>> exported;
    private final java.time.Clock clock;
    private final PinnedClock pinned;
    private final Lines lines = new Lines();
    private ScriptContext context;

    private DryRun(InterfaceDefinition definition, InterfaceScript script, java.time.Clock clock, PinnedClock pinned) {
        this.definition = definition;
        this.script = script;
        this.clock = clock;
        this.pinned = pinned;
    }

    /**
     * @param files    the interface's files; its code (transform.js, if any) is loaded from them, at the paths
     *                 they have under {@code project}
     * @param services what the code reaches through db(), fetch(), env() and secret()
     * @param clock    the time a retry's back-off is reckoned from
     */
    public static DryRun of(InterfaceDefinition definition, InterfaceFiles files, ScriptHost host, Path project,
                            ScriptServices services, java.time.Clock clock) {
        return new DryRun(definition, script(definition, files, host, project, services), clock, null);
    }

    /**
     * A run whose code sees, for each message and destination, the message's received time as the time and
     * randomness seeded by the message's id and the destination ({@link PinnedClock}): the same code on the
     * same message gives the same result every run. A replay's.
     */
    public static DryRun pinned(InterfaceDefinition definition, InterfaceFiles files, ScriptHost host, Path project,
                                ScriptServices services) {
        return new DryRun(definition, script(definition, files, host, project, services), java.time.Clock.systemUTC(), new PinnedClock());
    }

    private static InterfaceScript script(InterfaceDefinition definition, InterfaceFiles files, ScriptHost host, Path project,
                                          ScriptServices services) {
        return files.contains(InterfaceFiles.moduleFile(definition.name())) ? host.load(project, files, definition.timeout(), services) : null;
    }

    private ScriptContext newContext() {
        return pinned == null ? script.newContext(lines) : script.newContext(lines, pinned);
    }

    public InterfaceDefinition definition() {
        return definition;
    }

    /** Loads the code now, so that the first message does not pay for it; the module's own error when it does not load. */
    public synchronized void load() {
        if (script != null && context == null) context = newContext();
    }

    /** Runs every destination (or those named) on the message, in the interface's order. */
    public List<Outcome> run(Message message, java.util.Set<String> only) {
        return run(message, only, d -> { });
    }

    /**
     * As {@link #run(Message, java.util.Set)}, telling {@code before} each destination's name before its
     * code runs (a caller that records service calls per destination).
     */
    public synchronized List<Outcome> run(Message message, java.util.Set<String> only, java.util.function.Consumer<String> before) {
        Charset charset = PayloadKeys.charset(definition, message.payload(), message.charset());
        List<Outcome> outcomes = new ArrayList<>();
        Hl7Message[] read = {null}; // an HL7 message read once for all destinations, each given a copy
        for (DestinationDefinition d : definition.destinations().values()) {
            if (!only.isEmpty() && !only.contains(d.name())) continue;
            before.accept(d.name());
            outcomes.add(run(d, message, charset, read));
        }
        return outcomes;
    }

    /**
     * A copy of the HL7 message to give the code, read on first use into {@code read[0]}; null when the
     * interface is not HL7 or the message does not read (then {@link Transform} reads it and quarantines it).
     */
    private Hl7Message hl7(Message message, Charset charset, Hl7Message[] read) {
        if (definition.format() != io.ductus.core.project.Format.HL7) return null;
        if (read[0] == null) {
            try {
                read[0] = Hl7Message.parse(message.payload(), charset);
            } catch (io.ductus.format.hl7.Hl7ParseException e) {
                return null;
            }
        }
        return read[0].copy();
    }

    private Outcome run(DestinationDefinition d, Message message, Charset charset, Hl7Message[] read) {
        long started = System.nanoTime();
        lines.take();
        TransformResult result;
        if (script != null && context == null) {
            try {
                context = newContext();
            } catch (ScriptException e) {
                result = new TransformResult.Quarantined("transform.js does not load: " + e.getMessage(), true);
                return outcome(d, result, System.nanoTime() - started);
            }
        }
        // The one rule a worker follows: the function transform: names, else the code's transform, else unchanged.
        if (exported == null) exported = script == null ? Optional.empty() : Optional.of(script.exportedFunctions());
        Optional<String> function = d.transform().toRun(exported);
        if (function.isEmpty()) { // passed through, byte for byte
            return new Outcome(d.name(), Decision.SENT, null, false, false, message.payload(), charset, lines.take(), System.nanoTime() - started,
                    null);
        }
        if (script == null) {
            return outcome(d, new TransformResult.Quarantined("names the function '" + function.get() + "' but the interface has no code"),
                    System.nanoTime() - started);
        }
        if (pinned != null) pinned.pin(message.receivedAt(), PinnedClock.seed(message.id(), d.name()));
        Map<String, Object> meta = Transformer.meta(message.id(), message.receivedAt(), definition.name(), d.name(), message.origin());
        Hl7Message hl7 = hl7(message, charset, read);
        result = hl7 != null ? Transform.run(context, function.get(), hl7, charset, d.outputFormat(), meta)
                : Transform.run(context, function.get(), message.payload(), charset, definition.format(), d.outputFormat(), meta);
        if (context.cancelled()) { // a runaway cancelled with its context: the next message gets a new one, as a worker's does
            context.close();
            context = null;
        }
        return outcome(d, result, System.nanoTime() - started);
    }

    /** The decision of a first attempt, by the rules a worker applies ({@link DeliveryRules}). */
    private Outcome outcome(DestinationDefinition d, TransformResult result, long nanos) {
        List<String> log = lines.take();
        DeliveryRules rules = new DeliveryRules(0, new io.ductus.store.DestinationRef(definition.name(), d.name()), 1, d.retry(), false);
        java.time.Instant now = clock.instant();
        Optional<DeliveryOutcome> decided = switch (result) {
            case TransformResult.Output o -> Optional.empty();
            case TransformResult.Filtered f -> rules.afterTransform(Verdict.FILTERED, f.reason(), now);
            case TransformResult.Quarantined q -> rules.afterTransform(Verdict.QUARANTINED, q.reason(), now);
            case TransformResult.Runaway r -> rules.afterTransform(Verdict.RUNAWAY, r.reason(), now);
            case TransformResult.Transient t -> rules.afterTransform(Verdict.TRANSIENT, t.reason(), now);
        };
        if (decided.isEmpty()) {
            TransformResult.Output o = (TransformResult.Output) result;
            return new Outcome(d.name(), Decision.SENT, null, false, false, o.payload(), o.charset(), log, nanos, asRead(o));
        }
        Decision decision = switch (decided.get().kind()) {
            case SENT -> Decision.SENT;
            case FILTERED -> Decision.FILTERED;
            case QUARANTINED -> Decision.QUARANTINED;
            case RETRY -> Decision.RETRY;
        };
        boolean runaway = result instanceof TransformResult.Runaway;
        boolean thrown = runaway || result instanceof TransformResult.Quarantined q && q.thrown();
        return new Outcome(d.name(), decision, decided.get().error(), runaway, thrown, null, null, log, nanos, null);
    }

    /**
     * The message an output was encoded from, copied now (before the context runs again and could change it),
     * when its bytes read back as its text: then it holds what reading the bytes would give (the same
     * segments and delimiters), and comparing it need not read the output again. Null when a character did
     * not survive the charset, or the code returned no message.
     */
    private static Hl7Message asRead(TransformResult.Output o) {
        if (o.message() == null) return null;
        return o.message().encodesTo(new String(o.payload(), o.charset())) ? o.message().copy() : null;
    }

    @Override
    public synchronized void close() {
        if (context != null) context.close();
        context = null;
    }

    /** The console output of the context, taken line by line after each destination. */
    private static final class Lines extends OutputStream {
        private static final int MAX = 64 * 1024;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (bytes.size() < MAX) bytes.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, Math.max(0, Math.min(len, MAX - bytes.size())));
        }

        synchronized List<String> take() {
            String text = bytes.toString(StandardCharsets.UTF_8);
            bytes.reset();
            return text.isEmpty() ? List.of() : text.lines().toList();
        }
    }
}
