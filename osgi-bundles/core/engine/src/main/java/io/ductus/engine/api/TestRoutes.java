package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.DestinationTransform;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.Candidate;
import io.ductus.engine.design.CandidateCheck;
import io.ductus.engine.design.CandidateTests;
import io.ductus.engine.design.DeployRefusedException;
import io.ductus.engine.design.ReadOnlyServices;
import io.ductus.engine.design.RecordedTest;
import io.ductus.engine.design.Trials;
import io.ductus.engine.runtime.DryRun;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.script.TestResults;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * An interface's check and tests without a deploy: check the files as {@code ductus validate} does (the
 * studio's settings form shows each problem on its field); run the tests on the caller's draft (or the deployed revision, or files
 * sent) as {@code ductus test} and every deploy run them, each test's result with its failure at its line;
 * and record a sample as a test (the message, and what the code does with it now for one destination), the
 * file handed back for the caller to add to its draft. Nothing is deployed, sent or stored.
 */
final class TestRoutes {

    private final Supplier<EngineRuntime> runtime;
    private final TrialRoutes trialRoutes;
    private final Trials trials;
    private final Clock clock;

    TestRoutes(Supplier<EngineRuntime> runtime, TrialRoutes trialRoutes, Trials trials, Clock clock) {
        this.runtime = runtime;
        this.trialRoutes = trialRoutes;
        this.trials = trials;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                Route.post("/api/v1/interfaces/{name}/tests", "testInterface",
                                "Run the interface's tests on your draft (or the deployed revision, or files sent), as a deploy runs them; nothing is deployed")
                        .tag("design").body("TestRun").returns(200, "TestRunResult").work(Work.SCAN).handle(this::run),
                Route.post("/api/v1/interfaces/{name}/check", "checkInterface",
                                "Check your draft (or files sent) as ductus validate and a deploy check them: every problem with file, line and field")
                        .tag("design").body("Check").returns(200, "CheckResult").handle(this::check),
                Route.post("/api/v1/interfaces/{name}/tests/record", "recordInterfaceTest",
                                "Record a sample as a test: the message and what your code does with it now for one destination; the file is returned, not saved")
                        .tag("design").body("TestRecord").returns(200, "TestRecorded").handle(this::record));
    }

    private ApiResponse check(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        TrialRoutes.Code code = trialRoutes.code(name, r.json(), caller);
        EngineRuntime rt = running();
        Candidate candidate = CandidateCheck.check(rt, Trials.candidateFiles(code.files(), rt.projectFolder()),
                timeout -> new ReadOnlyServices(rt.services(timeout), refused -> { }));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("code", code.which());
        m.put("problems", DesignJson.problems(candidate.problems()));
        return ApiResponse.json(200, m);
    }

    private ApiResponse run(ApiRequest r, Caller caller) {
        long started = System.nanoTime();
        String name = DeployRoutes.name(r);
        TrialRoutes.Code code = trialRoutes.code(name, r.json(), caller);
        EngineRuntime rt = running();
        InterfaceFiles files = Trials.candidateFiles(code.files(), rt.projectFolder());
        Candidate candidate = CandidateCheck.check(rt, files, timeout -> new ReadOnlyServices(rt.services(timeout), refused -> { }));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("code", code.which());
        m.put("problems", DesignJson.problems(candidate.problems()));
        List<Map<String, Object>> out = new ArrayList<>();
        int passed = 0;
        int failed = 0;
        if (candidate.valid()) {
            for (CandidateTests.Ran ran : CandidateTests.each(candidate.definition().orElseThrow(), files, rt.scriptHost(), rt.projectFolder())) {
                passed += (int) ran.result().passed();
                failed += (int) ran.result().failed();
                out.add(file(ran, rt.projectFolder()));
            }
        }
        m.put("ran", candidate.valid());
        m.put("passed", passed);
        m.put("failed", failed);
        m.put("files", out);
        m.put("tookMs", (System.nanoTime() - started) / 1_000_000.0);
        return ApiResponse.json(200, m);
    }

    private static Map<String, Object> file(CandidateTests.Ran ran, Path project) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("path", ran.path());
        f.put("passed", ran.result().passed());
        f.put("failed", ran.result().failed());
        f.put("loadFailure", ran.result().loadFailure().map(x -> failure(ran.path(), project, x, "the test file does not load: ")).orElse(null));
        List<Map<String, Object>> tests = new ArrayList<>();
        for (TestResults.TestResult t : ran.result().tests()) {
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("name", t.name());
            tm.put("passed", t.passed());
            tm.put("tookMs", t.took().toNanos() / 1_000_000.0);
            tm.put("failure", t.failure().map(x -> failure(ran.path(), project, x, "test '" + t.name() + "' failed: ")).orElse(null));
            tm.put("output", t.output());
            tests.add(tm);
        }
        f.put("tests", tests);
        return f;
    }

    private static Map<String, Object> failure(String path, Path project, TestResults.Failure f, String what) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("message", f.message());
        m.put("expected", f.expected().orElse(null));
        m.put("actual", f.actual().orElse(null));
        m.put("line", f.at().map(TestResults.CodeLocation::line).orElse(null));
        m.put("thrownAt", f.thrownAt().map(at -> CandidateTests.relative(project, at.file()) + ":" + at.line()).orElse(null));
        m.put("text", CandidateTests.problem(path, project, f, what).toString());
        return m;
    }

    private ApiResponse record(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        JsonNode body = r.json();
        if (!body.path("destination").isTextual()) throw ApiProblem.badRequest("give the \"destination\" whose output the test pins.");
        String destination = body.path("destination").asText();
        TrialRoutes.Code code = trialRoutes.code(name, body, caller);
        List<Trials.Sample> samples = trialRoutes.samples(name, body, caller);
        if (samples.size() != 1) throw ApiProblem.badRequest("give one message: \"messages\" with one payload, or \"messageIds\" with one id.");
        Trials.Sample sample = samples.getFirst();
        Trials.Result result;
        try {
            result = trials.run(new Trials.Request(caller.actor(), code.files(), samples, Set.of(destination), false, false, body.get("mocks")));
        } catch (DeployRefusedException e) {
            throw DesignJson.refused(e);
        }
        if (!result.problems().isEmpty()) {
            throw new ApiProblem(422, "Code has problems", "the code does not load, so there is nothing to record; mend its problems first.",
                    Map.of("problems", DesignJson.problems(result.problems())));
        }
        InterfaceDefinition definition = trials.definition(caller.actor(), code.files()).orElseThrow();
        DestinationDefinition d = definition.destinations().get(destination);
        if (d == null) throw new ApiProblem(404, "Not found", name + " has no destination " + destination + ".");
        if (d.transform().kind() == DestinationTransform.Kind.NONE) {
            throw new ApiProblem(422, "Nothing to test", destination + " runs no code (transform: none): there is nothing to test.");
        }
        DryRun.Outcome outcome = result.messages().getFirst().destinations().getFirst().outcome();
        String testName = body.path("name").asText("").isBlank() ? sample.label() + " to " + destination : body.path("name").asText();
        Map<String, String> meta = new LinkedHashMap<>();
        if (sample.id() != 0) meta.put("id", String.valueOf(sample.id()));
        meta.put("receivedAt", RecordedTest.js(Instant.ofEpochMilli(sample.receivedAt()).toString()));
        meta.put("destination", RecordedTest.js(destination));
        String payload = new String(sample.payload(), sample.charset() == null ? StandardCharsets.UTF_8 : sample.charset());
        String text = RecordedTest.text("Recorded " + (sample.id() == 0 ? "from a sample" : "from message " + sample.id()) + " → " + destination + " (" + Instant.ofEpochMilli(clock.millis())
                        + "): the input, and what this code did with it when the test was recorded.", testName, d, definition.format(),
                payload, meta, outcome);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("path", path(name, testName, code.files()));
        m.put("text", text);
        m.put("expects", outcome.decision().name().toLowerCase(Locale.ROOT));
        return ApiResponse.json(200, m);
    }

    /** tests/&lt;the test's name as a file name&gt;.test.js, numbered when the files have one of that name already. */
    static String path(String name, String testName, InterfaceFiles files) {
        String slug = testName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (slug.isEmpty()) slug = "recorded";
        if (slug.length() > 60) slug = slug.substring(0, 60).replaceAll("-+$", "");
        String folder = InterfaceFiles.folder(name) + "tests/";
        String path = folder + slug + ".test.js";
        for (int n = 2; files.contains(path); n++) path = folder + slug + "-" + n + ".test.js";
        return path;
    }

    private EngineRuntime running() {
        EngineRuntime rt = runtime.get();
        if (rt == null) throw new ApiProblem(503, "Engine starting", "The engine is starting its interfaces; try again in a moment.");
        return rt;
    }
}
