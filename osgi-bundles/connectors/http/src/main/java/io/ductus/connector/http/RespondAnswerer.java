package io.ductus.connector.http;

import io.ductus.sdk.Responder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Respond mode: the interface's code answers; nothing is stored. */
final class RespondAnswerer implements RequestAnswerer {

    private final Responder responder;
    private final ListenerSettings settings;

    RespondAnswerer(Responder responder, ListenerSettings settings) {
        this.responder = responder;
        this.settings = settings;
    }

    @Override
    public boolean needsBody() {
        return false;
    }

    @Override
    public CompletionStage<Answer> answer(ReceivedRequest request, HttpListener listener) {
        Responder.Request plain = new Responder.Request(request.method(), request.path(), request.query(), request.headers(),
                request.body(), request.mediaType().charset().orElse(null), request.origin());
        CompletionStage<Responder.Response> response;
        try {
            response = responder.respond(plain);
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        return response.handle((answer, error) -> {
            if (error == null) return new Answer(answer.status(), answer.headers(), answer.body());
            String reason = QueueAnswerer.reason(error, listener);
            listener.context().log().warn(request.method() + " " + request.path() + " from " + request.origin().get("remote")
                    + " not answered by the code, answered 503: " + reason);
            return Answer.unavailable("not answered, try again: " + reason, settings);
        });
    }
}
