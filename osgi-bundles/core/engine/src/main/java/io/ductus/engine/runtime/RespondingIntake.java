package io.ductus.engine.runtime;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Receipt;
import io.ductus.sdk.Responder;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * What a source of an interface with code is given: the intake, which also answers requests with the
 * code (a source in respond mode finds the {@link Responder} on it; others just submit).
 */
final class RespondingIntake implements Intake, Responder {

    private final Intake intake;
    private final Responder responder;

    RespondingIntake(Intake intake, Responder responder) {
        this.intake = intake;
        this.responder = responder;
    }

    @Override
    public CompletionStage<Receipt> submit(InboundMessage message) {
        return intake.submit(message);
    }

    @Override
    public CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, Progress progress) {
        return intake.submitBatch(records, progress);
    }

    @Override
    public CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                           Progress progress) {
        return intake.submitBatchAfter(previous, records, progress);
    }

    @Override
    public Optional<String> savedProgress(String key) {
        return intake.savedProgress(key);
    }

    @Override
    public boolean hasPendingMessages() {
        return intake.hasPendingMessages();
    }

    @Override
    public CompletionStage<Response> respond(Request request) {
        return responder.respond(request);
    }
}
