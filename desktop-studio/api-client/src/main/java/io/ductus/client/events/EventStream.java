package io.ductus.client.events;

import io.ductus.client.ApiException;
import io.ductus.client.DuctusClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Follows /api/v1/events on a daemon thread of its own until {@link #close()}d. When the stream ends or
 * fails it waits ({@link Backoff}: the engine's {@code retry:}, then doubling up to 30 s) and reconnects with
 * {@code Last-Event-ID}, so the engine answers with a resync first. A stream silent for longer than
 * {@code silence} (three keep-alive periods by default) counts as lost: a half-open connection to a server
 * that went away is noticed in under a minute, not never. 401 and 403 stop it ({@link EventListener#refused}).
 */
public final class EventStream implements AutoCloseable {

    /** The engine sends a keep-alive comment after 15 s without events; three missed ones mean it is gone. */
    public static final Duration SILENCE = Duration.ofSeconds(45);

    private final DuctusClient client;
    private final EventListener listener;
    private final Duration silence;
    private final Thread reader;
    private final Thread watchdog;
    private volatile Backoff backoff;
    private volatile boolean closed;
    private volatile InputStream current;
    private volatile long lastHeardNanos = System.nanoTime();

    private EventStream(DuctusClient client, EventListener listener, Backoff backoff, Duration silence) {
        this.client = client;
        this.listener = listener;
        this.backoff = backoff;
        this.silence = silence;
        this.reader = Thread.ofPlatform().daemon().name("ductus-events " + client.base()).unstarted(this::run);
        this.watchdog = Thread.ofPlatform().daemon().name("ductus-events-watchdog " + client.base()).unstarted(this::watch);
    }

    public static EventStream open(DuctusClient client, EventListener listener) {
        return open(client, listener, Backoff.DEFAULT, SILENCE);
    }

    public static EventStream open(DuctusClient client, EventListener listener, Backoff backoff, Duration silence) {
        EventStream stream = new EventStream(client, listener, backoff, silence);
        stream.reader.start();
        stream.watchdog.start();
        return stream;
    }

    private void run() {
        SseParser parser = new SseParser(new SseParser.Sink() {
            @Override
            public void event(String id, String type, String data) {
                long number = parseId(id);
                listener.event(number, EngineEvent.parse(type, data));
            }

            @Override
            public void retry(long millis) {
                backoff = backoff.startingAt(Duration.ofMillis(millis));
            }

            @Override
            public void comment(String text) {
                // keep-alive: hearing it is what counts
            }
        });
        int failures = 0;
        while (!closed) {
            ApiException lost;
            try {
                HttpResponse<InputStream> response = client.http().send(client.eventsRequest(parser.lastId()).build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                if (response.statusCode() != 200) {
                    ApiException refusal = refusal(response);
                    if (refusal.kind() == ApiException.Kind.UNAUTHORIZED || refusal.kind() == ApiException.Kind.FORBIDDEN
                            || refusal.kind() == ApiException.Kind.PASSWORD_CHANGE_REQUIRED) {
                        listener.refused(refusal);
                        return;
                    }
                    throw new IOException(refusal.getMessage());
                }
                current = response.body();
                lastHeardNanos = System.nanoTime();
                failures = 0;
                listener.connected();
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                    for (String line; !closed && (line = lines.readLine()) != null; ) {
                        lastHeardNanos = System.nanoTime();
                        parser.line(line);
                    }
                }
                lost = new ApiException(ApiException.Kind.UNREACHABLE, 0, "Event stream ended", "the engine at " + client.base()
                        + " closed the event stream");
            } catch (IOException e) {
                lost = new ApiException(ApiException.Kind.UNREACHABLE, 0, "Event stream lost", "cannot follow " + client.base()
                        + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            } catch (InterruptedException e) {
                return;
            } finally {
                current = null;
            }
            if (closed) return;
            Duration wait = backoff.after(++failures);
            listener.disconnected(lost, wait);
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Closes a stream that has been silent too long, so that {@link #run} reconnects. */
    private void watch() {
        long checkEvery = Math.max(50, silence.toMillis() / 4);
        while (!closed) {
            try {
                Thread.sleep(checkEvery);
            } catch (InterruptedException e) {
                return;
            }
            InputStream open = current;
            if (open != null && System.nanoTime() - lastHeardNanos > TimeUnit.MILLISECONDS.toNanos(silence.toMillis())) {
                closeQuietly(open);
            }
        }
    }

    private static ApiException refusal(HttpResponse<InputStream> response) {
        String body;
        try (InputStream in = response.body()) {
            body = new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
        } catch (IOException e) {
            body = "";
        }
        String title = "HTTP " + response.statusCode();
        String detail = body;
        try {
            var problem = DuctusClient.JSON.readTree(body);
            if (problem != null && problem.isObject()) {
                title = problem.path("title").asText(title);
                detail = problem.path("detail").asText(detail);
            }
        } catch (IOException e) {
            // not a problem document
        }
        int status = response.statusCode();
        ApiException.Kind kind = switch (status) {
            case 401 -> ApiException.Kind.UNAUTHORIZED;
            case 403 -> "Password change required".equals(title) ? ApiException.Kind.PASSWORD_CHANGE_REQUIRED : ApiException.Kind.FORBIDDEN;
            case 503 -> ApiException.Kind.UNAVAILABLE;
            default -> ApiException.Kind.OTHER;
        };
        return new ApiException(kind, status, title, detail);
    }

    private static long parseId(String id) {
        if (id == null) return -1;
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // closing is all that was wanted
        }
    }

    public boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        InputStream open = current;
        if (open != null) closeQuietly(open);
        reader.interrupt();
        watchdog.interrupt();
    }
}
