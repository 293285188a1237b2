package io.ductus.engine.replay;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.Format;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.RecordedTest;
import io.ductus.engine.design.Trials;
import io.ductus.engine.runtime.DryRun;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.store.MessageDetail;
import io.ductus.store.Store;
import io.ductus.store.revision.Draft;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "Make this a test": one replayed message and destination written into the caller's draft of the
 * interface as a test file ({@code tests/replay-<replay>-<message>-<destination>.test.js}, run by
 * {@code ductus test} and by every deploy): the stored input and what the draft's code does with it now,
 * so a difference someone accepted stays checked. Without a draft, one is started from the deployed files.
 */
public final class ReplayTestCase {

    /** The test written: its path in the draft, and the decision it expects. */
    public record Made(String path, String decision, Draft draft) {
    }

    private final EngineRuntime runtime;
    private final Store store;
    public ReplayTestCase(EngineRuntime runtime, Store store) {
        this.runtime = runtime;
        this.store = store;
    }

    public Made make(String owner, long replay, long messageId, String destination, long now) {
        MessageDetail message = store.message(messageId)
                .orElseThrow(() -> new ReplayRefusedException(404, "There is no message " + messageId + ".", List.of()));
        String name = message.summary().interfaceName();
        Draft draft = store.revisions().draft(owner, name).orElse(null);
        Map<String, byte[]> files;
        Integer base;
        if (draft != null) {
            files = new LinkedHashMap<>(draft.files());
            base = draft.baseRevision();
        } else {
            RunningRevision running = runtime.interfaces().code(name)
                    .orElseThrow(() -> new ReplayRefusedException(404, "Interface " + name + " does not run here.", List.of()));
            files = new LinkedHashMap<>(running.files().own().asMap());
            base = running.revision();
        }
        InterfaceFiles candidate = Trials.candidateFiles(InterfaceFiles.of(name, files), runtime.projectFolder());
        DryRun.Outcome outcome;
        DestinationDefinition d;
        try (ReplayCode code = new ReplayCode(runtime, store.revisions())) {
            ReplayCode.Loaded loaded = code.candidate(candidate);
            d = loaded.definition().destinations().get(destination);
            if (d == null) throw new ReplayRefusedException(404, name + " has no destination " + destination + ".", List.of());
            if (d.transform().kind() == io.ductus.core.project.DestinationTransform.Kind.NONE) {
                throw new ReplayRefusedException(422, destination + " runs no code (transform: none): there is nothing to test.", List.of());
            }
            Charset charset = charset(message.summary().charset());
            List<DryRun.Outcome> outcomes = loaded.run().run(new DryRun.Message(message.payload(), charset, messageId,
                    message.summary().receivedAt(), message.sourceInfo()), Set.of(destination));
            outcome = outcomes.getFirst();
            Format input = loaded.definition().format();
            String path = InterfaceFiles.folder(name) + "tests/replay-" + replay + "-" + messageId + "-" + destination + ".test.js";
            files.put(path, text(replay, messageId, destination, d, input, message, charset, outcome, now).getBytes(StandardCharsets.UTF_8));
            Draft saved = store.revisions().saveDraft(owner, name, base, files, now);
            return new Made(path, outcome.decision().name().toLowerCase(java.util.Locale.ROOT), saved);
        }
    }

    private static String text(long replay, long messageId, String destination, DestinationDefinition d, Format input, MessageDetail message,
                               Charset charset, DryRun.Outcome outcome, long now) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("id", String.valueOf(messageId));
        meta.put("receivedAt", RecordedTest.js(Instant.ofEpochMilli(message.summary().receivedAt()).toString()));
        meta.put("destination", RecordedTest.js(destination));
        return RecordedTest.text("Made from replay " + replay + ", message " + messageId + " → " + destination + " ("
                        + Instant.ofEpochMilli(now) + "): the stored input, and what this code did with it when the test was made.",
                "message " + messageId + " to " + destination + " (replay " + replay + ")", d, input, new String(message.payload(), charset),
                meta, outcome);
    }

    private static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
