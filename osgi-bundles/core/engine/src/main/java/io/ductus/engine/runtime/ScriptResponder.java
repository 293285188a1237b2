package io.ductus.engine.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.script.InterfaceScript;
import io.ductus.script.Respond;
import io.ductus.script.ScriptContext;
import io.ductus.script.ScriptException;
import io.ductus.script.TransformResult;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Responder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Respond mode: runs the interface's {@code transform} on requests and answers with what it returns.
 * A few platform threads (made on the first request) each own one context of the code, as a worker
 * does, and take requests from one queue; what the code decided becomes the HTTP answer: null or
 * filter() 204, a thrown error or quarantine() 500, a transient error or runaway code 503.
 */
final class ScriptResponder implements Responder {

    private static final Logger LOG = LoggerFactory.getLogger(ScriptResponder.class);
    static final String FUNCTION = "transform";
    static final int THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    private static final long RETRY_AFTER_SECONDS = 5;
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Job(Request request, CompletableFuture<Response> answer) {
    }

    /** Put in the queue once per thread at close: the thread ends when it takes it. */
    private static final Job END = new Job(null, null);

    private final InterfaceDefinition definition;
    private final InterfaceScript script;
    private final RunawayGuard guard;
    private final Clock clock;
    private final LinkedBlockingQueue<Job> queue = new LinkedBlockingQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private boolean closed;

    ScriptResponder(InterfaceDefinition definition, InterfaceScript script, RunawayGuard guard, Clock clock) {
        this.definition = definition;
        this.script = script;
        this.guard = guard;
        this.clock = clock;
    }

    @Override
    public CompletionStage<Response> respond(Request request) {
        synchronized (this) {
            if (closed) return CompletableFuture.failedFuture(new IntakeException("interface " + definition.name() + " is stopping"));
            if (threads.isEmpty()) startThreads();
        }
        CompletableFuture<Response> answer = new CompletableFuture<>();
        queue.add(new Job(request, answer));
        return answer;
    }

    private void startThreads() {
        for (int i = 0; i < THREADS; i++) {
            // Interface code is CPU work: platform threads, as the workers that run code have.
            threads.add(Thread.ofPlatform().daemon(true).name("respond-" + definition.name() + "-" + i).start(this::serve));
        }
    }

    private void serve() {
        ScriptContext context = null;
        try {
            for (Job job = queue.take(); job != END; job = queue.take()) {
                if (context == null) {
                    try {
                        context = script.newContext();
                    } catch (ScriptException e) {
                        job.answer().complete(problem(500, "Internal Server Error", "transform.js does not load: " + e.getMessage()));
                        continue;
                    }
                }
                job.answer().complete(answer(context, job.request()));
                if (context.cancelled()) { // runaway code was cancelled with its context: the next request gets a new one
                    context.close();
                    context = null;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("interface {}: respond thread failed", definition.name(), e);
        } finally {
            if (context != null) context.close();
        }
    }

    private Response answer(ScriptContext context, Request request) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("interface", definition.name());
        meta.put("receivedAt", Instant.ofEpochMilli(clock.millis()).toString());
        meta.put("origin", request.origin().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        Charset charset = definition.charset().map(Charset::forName).orElse(StandardCharsets.UTF_8);
        Respond.Result result;
        try {
            result = Respond.run(context, FUNCTION, request, definition.format(), charset, meta);
        } catch (RuntimeException e) {
            LOG.warn("interface {}: respond-mode code failed unexpectedly", definition.name(), e);
            return problem(500, "Internal Server Error", "the interface's code failed: " + e);
        }
        return switch (result) {
            case Respond.Answer a -> {
                guard.ranFine();
                yield a.response();
            }
            case Respond.Unreadable u -> problem(400, "Bad Request", u.reason());
            case Respond.Decided d -> decided(d.decision());
        };
    }

    private Response decided(TransformResult decision) {
        return switch (decision) {
            case TransformResult.Filtered f -> {
                guard.ranFine();
                yield new Response(204, Map.of(), new byte[0]);
            }
            case TransformResult.Quarantined q -> {
                guard.ranFine();
                LOG.warn("interface {}: the code failed on a request: {}", definition.name(), q.reason());
                yield problem(500, "Internal Server Error", q.reason());
            }
            case TransformResult.Transient t -> {
                guard.ranFine();
                yield problem(503, "Service Unavailable", t.reason());
            }
            case TransformResult.Runaway r -> {
                guard.ranPastTimeout(r.reason());
                yield problem(503, "Service Unavailable", r.reason());
            }
            case TransformResult.Output o -> throw new IllegalStateException("respond mode has no output: " + o);
        };
    }

    private static Response problem(int status, String title, String detail) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        problem.put("status", status);
        problem.put("title", title);
        problem.put("detail", detail);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/problem+json");
        if (status == 503) headers.put("retry-after", Long.toString(RETRY_AFTER_SECONDS));
        try {
            return new Response(status, headers, JSON.writeValueAsBytes(problem));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Stops taking requests; the threads answer what is queued, close their contexts and end. */
    void close() throws InterruptedException {
        List<Thread> running;
        synchronized (this) {
            if (closed) return;
            closed = true;
            running = List.copyOf(threads);
        }
        for (int i = 0; i < running.size(); i++) queue.add(END);
        for (Thread t : running) t.join(InterfaceRuntime.STOP_WAIT_MS);
    }
}
