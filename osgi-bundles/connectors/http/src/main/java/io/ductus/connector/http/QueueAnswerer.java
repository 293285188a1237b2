package io.ductus.connector.http;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Receipt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** Queue mode: stores the body as a message and answers 202 with its id only after the commit returned. */
final class QueueAnswerer implements RequestAnswerer {

    private final Intake intake;
    private final ListenerSettings settings;

    QueueAnswerer(Intake intake, ListenerSettings settings) {
        this.intake = intake;
        this.settings = settings;
    }

    @Override
    public boolean needsBody() {
        return true;
    }

    @Override
    public CompletionStage<Answer> answer(ReceivedRequest request, HttpListener listener) {
        InboundMessage message = InboundMessage.of(request.body()).withOrigin(request.origin());
        message = request.mediaType().charset().map(message::withCharset).orElse(message); // checked before: a known charset
        CompletionStage<Receipt> receipt;
        try {
            receipt = intake.submit(message);
        } catch (RuntimeException e) {
            receipt = CompletableFuture.failedFuture(e);
        }
        return receipt.handle((stored, error) -> {
            if (error == null) {
                return Answer.json(202, "{\"id\":" + stored.messageId() + ",\"duplicate\":" + stored.duplicate() + "}");
            }
            String reason = reason(error, listener);
            listener.context().log().warn("a request from " + request.origin().get("remote") + " was not stored, answered 503: " + reason);
            return Answer.unavailable("not stored, send it again: " + reason, settings);
        });
    }

    /**
     * What a 503 says went wrong: the intake's own words, or, for a failure nobody expected (logged with its stack
     * trace), that much and no more: an answer never names the engine's classes.
     */
    static String reason(Throwable error, HttpListener listener) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof IntakeException) return cause.getMessage();
        listener.context().log().error("a request failed inside the engine", cause);
        return "an error inside the engine (its log has the details)";
    }
}
