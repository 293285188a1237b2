package io.ductus.connector.file;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.Destination;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.files.PathTemplate;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Writes each message to its own file, whole (see {@link WholeFile}), so a reader of the folder never sees
 * half a file. With {@code fsync} the file and its folder are forced to disk before the delivery counts as
 * sent. A resent message (same id) replaces its earlier file, so at-least-once delivery leaves one file per
 * message. The message's fence is checked before the temporary file is made and again right before the rename:
 * a message this engine no longer owns leaves no file (the temporary one is removed).
 */
final class FileDestination implements Destination {

    private final PathTemplate template;
    private final boolean fsync;
    private final ConnectorContext context;

    FileDestination(PathTemplate template, boolean fsync, ConnectorContext context) {
        this.template = template;
        this.fsync = fsync;
        this.context = context;
    }

    @Override
    public void start() {
        // nothing to open: folders are created as messages need them
    }

    @Override
    public Outcome send(OutboundMessage message) {
        PathTemplate.Resolved resolved = template.resolve(message);
        if (resolved.path() == null) {
            return Outcome.quarantine("the path " + template + " needs {" + resolved.missing() + "} and the message has no value for it");
        }
        Path target = context.dataDirectory().resolve(resolved.path()).normalize();
        try {
            WholeFile.write(target, message.payload(), fsync, message::fence);
            return Outcome.sent(target.toString());
        } catch (AccessDeniedException e) {
            return Outcome.retry("no permission to write " + e.getFile());
        } catch (IOException e) {
            return Outcome.retry("cannot write " + target + ": " + e);
        }
    }

    @Override
    public CompletionStage<Void> stop() {
        return CompletableFuture.completedFuture(null);
    }
}
