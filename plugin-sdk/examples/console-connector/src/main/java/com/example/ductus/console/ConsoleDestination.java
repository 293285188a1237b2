package com.example.ductus.console;

import io.ductus.sdk.ConnectorLogger;
import io.ductus.sdk.Destination;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Logs one line per message: its id, size and the start of its text. */
final class ConsoleDestination implements Destination {

    private final String prefix;
    private final int maxChars;
    private final ConnectorLogger log;

    ConsoleDestination(String prefix, int maxChars, ConnectorLogger log) {
        this.prefix = prefix;
        this.maxChars = maxChars;
        this.log = log;
    }

    @Override
    public void start() {
        // nothing to open
    }

    @Override
    public Outcome send(OutboundMessage message) {
        String text = new String(message.payload(), message.charset()).replaceAll("[\\r\\n]+", " | ");
        String shown = text.length() > maxChars ? text.substring(0, maxChars) + "…" : text;
        log.info(prefix + "message " + message.messageId() + " (" + message.payload().length + " bytes): " + shown);
        return Outcome.sent("logged");
    }

    @Override
    public CompletionStage<Void> stop() {
        return CompletableFuture.completedFuture(null);
    }
}
