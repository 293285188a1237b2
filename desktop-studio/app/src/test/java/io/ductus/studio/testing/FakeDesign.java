package io.ductus.studio.testing;

import io.ductus.client.ApiException;
import io.ductus.client.DesignApi;
import io.ductus.client.model.Deploy;
import io.ductus.client.model.DeployFromDisk;
import io.ductus.client.model.Deployed;
import io.ductus.client.model.DeployedFromDisk;
import io.ductus.client.model.Diff;
import io.ductus.client.model.Draft;
import io.ductus.client.model.DraftList;
import io.ductus.client.model.DraftSave;
import io.ductus.client.model.Remove;
import io.ductus.client.model.Revision;
import io.ductus.client.model.RevisionList;
import io.ductus.client.model.RevisionSummary;
import io.ductus.client.model.Rollback;
import io.ductus.client.model.TestRecord;
import io.ductus.client.model.TestRecorded;
import io.ductus.client.model.TestRun;
import io.ductus.client.model.TestRunResult;
import io.ductus.client.model.Trial;
import io.ductus.client.model.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The design operations in memory: revisions per interface, one caller's drafts, deploys that refuse a stale
 * base with 409 as the engine does, and trials answered by a function the test gives.
 */
public final class FakeDesign implements DesignApi {

    private final FakeApi api;
    public final Map<String, List<Revision>> revisions = new LinkedHashMap<>();
    public final Map<String, Draft> drafts = new LinkedHashMap<>();
    public final List<Trial> trials = new ArrayList<>();
    public Function<Trial, TrialResult> trialAnswer = t -> new TrialResult("?", t.code(), "mocked", List.of(), null, false, 1, List.of());

    public final List<TestRun> testRuns = new ArrayList<>();
    public final List<TestRecord> recordings = new ArrayList<>();
    public Function<TestRun, TestRunResult> testAnswer = t -> new TestRunResult("?", t.code(), List.of(), true, 0, 0, List.of(), 1);
    public Function<TestRecord, TestRecorded> recordAnswer = r -> new TestRecorded("?", "tests/recorded.test.js", "test('x', () => {});\n", "sent");

    /** The JSON Schema served per file (the test gives it). */
    public final Map<String, com.fasterxml.jackson.databind.JsonNode> schemas = new LinkedHashMap<>();

    public final List<io.ductus.client.model.Check> checks = new ArrayList<>();
    public Function<io.ductus.client.model.Check, io.ductus.client.model.CheckResult> checkAnswer =
            c -> new io.ductus.client.model.CheckResult("?", c.code(), List.of());

    FakeDesign(FakeApi api) {
        this.api = api;
    }

    /** A deployed revision of an interface's files (numbered on). */
    public Revision deployed(String name, Map<String, String> files, String author, String message) {
        List<Revision> list = revisions.computeIfAbsent(name, n -> new ArrayList<>());
        Revision r = new Revision(name, list.size() + 1, "h" + list.size(), "deployed", "api", author, message,
                list.isEmpty() ? null : list.getLast().revision(), FakeApi.T0, FakeApi.T0, null, files, null);
        list.add(r);
        api.runsRevision(name, r.revision());
        return r;
    }

    private Integer current(String name) {
        List<Revision> list = revisions.get(name);
        return list == null || list.isEmpty() ? null : list.getLast().revision();
    }

    private static RevisionSummary summary(Revision r) {
        return new RevisionSummary(r.interfaceName(), r.revision(), r.hash(), r.status(), r.origin(), r.author(), r.message(), r.basedOn(),
                r.createdAt(), r.finishedAt(), r.reason());
    }

    @Override
    public RevisionList revisions(String name, Integer before, int limit) {
        api.calls.add("revisions " + name);
        List<RevisionSummary> newestFirst = new ArrayList<>(revisions.getOrDefault(name, List.of()).stream().map(FakeDesign::summary).toList());
        java.util.Collections.reverse(newestFirst);
        return new RevisionList(name, current(name), current(name), newestFirst, null);
    }

    @Override
    public Revision revision(String name, int revision) {
        api.calls.add("revision " + name + " " + revision);
        return revisions.getOrDefault(name, List.of()).stream().filter(r -> r.revision() == revision).findFirst()
                .orElseThrow(() -> new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "no revision " + revision));
    }

    @Override
    public Diff diff(String name, String from, String to) {
        api.calls.add("diff " + name + " " + from + " " + to);
        return new Diff(name, Map.of(), Map.of(), List.of(new Diff.FileDiff("interfaces/" + name + "/transform.js", "changed", 1, 1,
                "--- a/transform.js\n+++ b/transform.js\n@@ -1 +1 @@\n-old\n+new\n")), "patch " + from + ".." + to);
    }

    @Override
    public Deployed deploy(String name, Deploy request) {
        api.calls.add("deploy " + name + " base " + request.base() + (request.draft() ? " draft" : ""));
        if (!java.util.Objects.equals(request.base(), current(name))) {
            throw new ApiException(ApiException.Kind.CONFLICT, 409, "Conflict",
                    "revision " + current(name) + " was deployed since revision " + request.base() + " you started from");
        }
        Draft d = drafts.remove(name);
        Revision r = deployed(name, request.draft() ? d.files() : request.files(), "alice", request.message());
        return new Deployed(name, true, summary(r), new Deployed.Swap(true, null, true, 1L, 2L, true, true), new Deployed.Tests(1, 1, 0), List.of());
    }

    @Override
    public Deployed rollback(String name, Rollback request) {
        api.calls.add("rollback " + name + " to " + request.revision() + " because " + request.message());
        Revision r = deployed(name, revision(name, request.revision()).files(), "alice", request.message());
        return new Deployed(name, true, summary(r), null, null, List.of());
    }

    @Override
    public Deployed remove(String name, Remove request) {
        throw new UnsupportedOperationException("the studio does not remove interfaces");
    }

    @Override
    public DeployedFromDisk deployFromDisk(DeployFromDisk request) {
        throw new UnsupportedOperationException("the studio does not deploy from disk");
    }

    @Override
    public DraftList drafts() {
        return new DraftList(drafts.values().stream().map(d -> new io.ductus.client.model.DraftSummary(d.interfaceName(), d.owner(), d.base(),
                current(d.interfaceName()), java.util.Objects.equals(d.base(), current(d.interfaceName())), d.files().size(), d.createdAt(),
                d.updatedAt())).toList());
    }

    @Override
    public Draft draft(String name) {
        api.calls.add("draft " + name);
        Draft d = drafts.get(name);
        if (d == null) throw new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "alice has no draft of " + name);
        return new Draft(name, d.owner(), d.base(), current(name), java.util.Objects.equals(d.base(), current(name)), d.files(), d.binaryFiles(),
                d.createdAt(), d.updatedAt());
    }

    @Override
    public Draft saveDraft(String name, DraftSave draft) {
        api.calls.add("save draft " + name);
        api.failIfAsked();
        Draft d = new Draft(name, "user:alice", draft.base(), current(name), java.util.Objects.equals(draft.base(), current(name)), draft.files(),
                draft.binaryFiles(), FakeApi.T0, FakeApi.T0.plusSeconds(60));
        drafts.put(name, d);
        return d;
    }

    @Override
    public void deleteDraft(String name) {
        drafts.remove(name);
    }

    @Override
    public TrialResult trial(String name, Trial request) {
        api.calls.add("trial " + name);
        api.failIfAsked();
        trials.add(request);
        return trialAnswer.apply(request);
    }

    @Override
    public TestRunResult tests(String name, TestRun request) {
        api.calls.add("tests " + name);
        api.failIfAsked();
        testRuns.add(request);
        return testAnswer.apply(request);
    }

    @Override
    public TestRecorded recordTest(String name, TestRecord request) {
        api.calls.add("record test " + name + " " + request.destination());
        api.failIfAsked();
        recordings.add(request);
        return recordAnswer.apply(request);
    }

    @Override
    public com.fasterxml.jackson.databind.JsonNode configSchema(String file) {
        api.calls.add("schema " + file);
        api.failIfAsked();
        com.fasterxml.jackson.databind.JsonNode schema = schemas.get(file);
        if (schema == null) throw new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "no schema " + file);
        return schema;
    }

    @Override
    public io.ductus.client.model.CheckResult check(String name, io.ductus.client.model.Check request) {
        api.calls.add("check " + name);
        api.failIfAsked();
        checks.add(request);
        return checkAnswer.apply(request);
    }
}
