package io.ductus.connector.mllp;

import io.ductus.connector.listener.Admission;
import io.ductus.connector.listener.EventLoops;
import io.ductus.connector.listener.NettyListener;
import io.ductus.format.ack.AckControlIds;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.HostPort;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The MLLP listener: accepts many connections, hands each message to the intake and answers AA only
 * after the intake's commit returned (AE when storing failed, AR when the input is not HL7). Each
 * connection's messages are submitted one after another, in the order they arrived. Binding, the
 * connections, {@code max_connections} and the graceful stop are the shared {@link NettyListener}'s.
 */
final class MllpListener implements Source {

    record Settings(HostPort listen, int maxFrameBytes, Duration idleTimeout, int maxConnections) {
    }

    private final Settings settings;
    private final NettyListener listener;
    private final AckControlIds ackIds;
    private final ConnectorContext context;

    MllpListener(Settings settings, EventLoops loops, AckControlIds ackIds, ConnectorContext context) {
        this.settings = settings;
        this.listener = new NettyListener(new NettyListener.Settings("MLLP", settings.listen(), settings.idleTimeout()), loops, context,
                List.of(Admission.maxConnections(settings.maxConnections())));
        this.ackIds = ackIds;
        this.context = context;
    }

    @Override
    public void start(Intake intake) throws ConnectorException {
        listener.start(channel -> channel.pipeline().addLast(new MllpFrameDecoder(settings.maxFrameBytes()),
                new MllpReceiveHandler(this, intake)));
        context.statusChanged(ConnectorStatus.OK, "listening on " + address());
        context.log().info("MLLP listener on " + address());
    }

    /** The address actually bound (the port differs from the setting when it was 0). */
    HostPort address() {
        return listener.address();
    }

    @Override
    public CompletionStage<Void> stop() {
        return listener.stop();
    }

    boolean stopping() {
        return listener.stopping();
    }

    ConnectorContext context() {
        return context;
    }

    int maxFrameBytes() {
        return settings.maxFrameBytes();
    }

    String nextAckId() {
        return ackIds.next();
    }

    void submissionStarted() {
        listener.requestStarted();
    }

    /** Called once the answer to a submitted message was written; the last one lets a stop finish. */
    void submissionAnswered() {
        listener.requestAnswered();
    }
}
