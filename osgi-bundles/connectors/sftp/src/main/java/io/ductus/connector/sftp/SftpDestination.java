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
 * with the reason and the next send connects again. The first write into a folder in each session
 * removes the temporary files this destination left there (a crash, a dropped connection). The message's fence
 * is checked once the session is open, before the temporary file is written and again right before the rename: a
 * message this engine no longer owns leaves no file on the server (the temporary one is removed).
 */
final class SftpDestination implements Destination {

    private final PathTemplate template;
    private final SftpConnection connection;
    private final ConnectorContext context;
    private SftpClient session; // guarded by this
    /** The folders this session looked for leftovers in already (guarded by this). */
    private final java.util.Set<String> swept = new java.util.HashSet<>();

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
            if (session == null || !session.isOpen()) {
                session = connection.open();
                swept.clear();
            }
            String folder = RemotePaths.parent(target);
            if (swept.add(folder)) {
                int removed = RemotePaths.removeLeftovers(session, folder, writer());
                if (removed > 0) context.log().info("removed " + removed + " temporary file(s) an earlier write left in " + (folder.isEmpty() ? "the home folder" : folder));
            }
            RemotePaths.writeWhole(session, target, message.payload(), writer(), message::fence);
            context.statusChanged(ConnectorStatus.OK, "");
            return Outcome.sent(target);
        } catch (IOException e) {
            closeSession();
            context.statusChanged(ConnectorStatus.DEGRADED, e.getMessage());
            return Outcome.retry("cannot write " + target + " over sftp: " + e.getMessage());
        }
    }

    /** This destination's tag in temporary names: what it left is its own to remove. */
    private String writer() {
        return context.interfaceName() + "." + context.connectorName();
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
