package io.ductus.connector.sftp;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Destination;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.files.PathTemplate;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.sshd.sftp.client.SftpClient;

/**
 * Writes each message to its own remote file, as the file destination does locally: under a temporary
 * dot-name in the target folder (made when missing), then renamed into place, so a reader of the remote
 * folder never sees half a file. A resent message replaces its earlier file. The session is opened at the
 * first send and kept; when the server cannot be reached, or the session breaks, the outcome is a retry
 * with the reason and the next send connects again.
 */
final class SftpDestination implements Destination {

    private final PathTemplate template;
    private final SftpConnection connection;
    private final ConnectorContext context;
    private SftpClient session; // guarded by this

    SftpDestination(PathTemplate template, SftpConnection connection, ConnectorContext context) {
        this.template = template;
        this.connection = connection;
        this.context = context;
    }

    @Override
    public void start() {
        // connects at the first send, so a server that is down delays deliveries rather than the start
    }

    @Override
    public synchronized Outcome send(OutboundMessage message) {
        PathTemplate.Resolved resolved = template.resolve(message);
        if (resolved.path() == null) {
            return Outcome.quarantine("the path " + template + " needs {" + resolved.missing() + "} and the message has no value for it");
        }
        String target = resolved.path();
        try {
            if (session == null || !session.isOpen()) session = connection.open();
            RemotePaths.writeWhole(session, target, message.payload());
            context.statusChanged(ConnectorStatus.OK, "");
            return Outcome.sent(target);
        } catch (IOException e) {
            closeSession();
            context.statusChanged(ConnectorStatus.DEGRADED, e.getMessage());
            return Outcome.retry("cannot write " + target + " over sftp: " + e.getMessage());
        }
    }

    private synchronized void closeSession() {
        if (session == null) return;
        try {
            session.close();
        } catch (IOException e) {
            // it is broken already
        }
        session = null;
    }

    @Override
    public CompletionStage<Void> stop() {
        closeSession();
        connection.close();
        return CompletableFuture.completedFuture(null);
    }
}
