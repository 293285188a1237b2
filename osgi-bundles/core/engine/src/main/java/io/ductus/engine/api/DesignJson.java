package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.compare.Difference;
import io.ductus.core.project.Problem;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.DeployRefusedException;
import io.ductus.engine.design.DeployResult;
import io.ductus.engine.runtime.DryRun;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.store.revision.Draft;
import io.ductus.store.revision.DraftSummary;
import io.ductus.store.revision.RevisionSummary;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of revisions, drafts, deploys and trials, and the files of a request. Files travel as
 * {@code files: {path: text}} (UTF-8), and any that is not text as {@code binaryFiles: {path: base64}};
 * paths are relative to the project folder ({@code interfaces/NAME/…}, {@code lib/…}).
 */
final class DesignJson {

    private DesignJson() {
    }

    static Map<String, Object> revision(RevisionSummary r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", r.interfaceName());
        m.put("revision", r.number());
        m.put("hash", r.hash() == null || r.hash().isEmpty() ? null : r.hash());
        m.put("status", r.status().dbValue());
        m.put("origin", r.origin().dbValue());
        m.put("author", r.author());
        m.put("message", r.message());
        m.put("basedOn", r.basedOn());
        m.put("createdAt", Instant.ofEpochMilli(r.createdAt()).toString());
        m.put("finishedAt", r.finishedAt() == null ? null : Instant.ofEpochMilli(r.finishedAt()).toString());
        m.put("reason", r.reason());
        return m;
    }

    /** Files as text where they are UTF-8, else as base64. */
    static void putFiles(Map<String, Object> m, Map<String, byte[]> files) {
        Map<String, String> text = new LinkedHashMap<>();
        Map<String, String> binary = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            try {
                text.put(f.getKey(), StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(f.getValue())).toString());
            } catch (CharacterCodingException e) {
                binary.put(f.getKey(), Base64.getEncoder().encodeToString(f.getValue()));
            }
        }
        m.put("files", text);
        if (!binary.isEmpty()) m.put("binaryFiles", binary);
    }

    /** The files of a request body; 400 naming the path when one cannot be the interface's. */
    static InterfaceFiles files(String interfaceName, JsonNode body) {
        JsonNode text = body.get("files");
        if (text == null || !text.isObject()) {
            throw ApiProblem.badRequest("\"files\" is required: an object of path → text, such as {\"" + InterfaceFiles.interfaceFile(interfaceName)
                    + "\": \"source: …\"}.");
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (var e : text.properties()) {
            if (!e.getValue().isTextual()) throw ApiProblem.badRequest("\"files\"." + e.getKey() + " must be text.");
            files.put(e.getKey(), e.getValue().asText().getBytes(StandardCharsets.UTF_8));
        }
        JsonNode binary = body.get("binaryFiles");
        if (binary != null && binary.isObject()) {
            for (var e : binary.properties()) {
                try {
                    files.put(e.getKey(), Base64.getDecoder().decode(e.getValue().asText()));
                } catch (IllegalArgumentException bad) {
                    throw ApiProblem.badRequest("\"binaryFiles\"." + e.getKey() + " is not base64.");
                }
            }
        }
        try {
            return InterfaceFiles.of(interfaceName, files);
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badRequest("a file of the request: " + e.getMessage() + ".");
        }
    }

    static Map<String, Object> problem(Problem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", p.file());
        m.put("line", p.line());
        m.put("column", p.column());
        m.put("field", p.field());
        m.put("message", p.message());
        m.put("text", p.toString());
        return m;
    }

    static List<Map<String, Object>> problems(List<Problem> problems) {
        return problems.stream().map(DesignJson::problem).toList();
    }

    /** A refused deploy as a problem document, with its problems and the current revision when that is why. */
    static ApiProblem refused(DeployRefusedException e) {
        Map<String, Object> more = new LinkedHashMap<>();
        if (!e.problems().isEmpty()) more.put("problems", problems(e.problems()));
        if (e.current() != null) more.put("current", revision(e.current()));
        return new ApiProblem(e.status(), e.title(), e.getMessage(), more);
    }

    static Map<String, Object> deployed(String name, DeployResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("changed", r.changed());
        m.put("revision", revision(r.revision()));
        m.put("swap", r.swap() == null ? null : swap(r.swap()));
        m.put("tests", r.tests() == null ? null : Map.of("files", r.tests().files(), "passed", r.tests().passed(), "failed", r.tests().failed()));
        m.put("notes", r.notes());
        return m;
    }

    private static Map<String, Object> swap(InterfaceManager.Deployed d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("running", d.running());
        m.put("reason", d.reason());
        m.put("live", d.gateClosedMillis() != null);
        m.put("gateClosedMs", d.gateClosedMillis());
        m.put("handoverMs", d.handoverMillis());
        m.put("drained", d.drained());
        m.put("sourceKept", d.sourceKept());
        return m;
    }

    static Map<String, Object> draftSummary(DraftSummary d, Integer current) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", d.interfaceName());
        m.put("owner", d.owner());
        m.put("base", d.baseRevision());
        m.put("current", current);
        m.put("baseIsCurrent", java.util.Objects.equals(d.baseRevision(), current));
        m.put("files", d.files());
        m.put("createdAt", Instant.ofEpochMilli(d.createdAt()).toString());
        m.put("updatedAt", Instant.ofEpochMilli(d.updatedAt()).toString());
        return m;
    }

    static Map<String, Object> draft(Draft d, Integer current) {
        Map<String, Object> m = draftSummary(new DraftSummary(d.owner(), d.interfaceName(), d.baseRevision(), d.files().size(),
                d.createdAt(), d.updatedAt()), current);
        putFiles(m, d.files());
        return m;
    }

    static List<Map<String, Object>> differences(List<Difference> differences) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Difference d : differences) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", d.path());
            m.put("before", d.before());
            m.put("after", d.after());
            list.add(m);
        }
        return list;
    }

    static Map<String, Object> outcome(DryRun.Outcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("decision", o.decision().name().toLowerCase(java.util.Locale.ROOT));
        m.put("reason", o.reason());
        m.put("runaway", o.runaway());
        m.put("output", o.output() == null ? null : new String(o.output(), o.charset()));
        m.put("charset", o.charset() == null ? null : o.charset().name());
        return m;
    }
}
