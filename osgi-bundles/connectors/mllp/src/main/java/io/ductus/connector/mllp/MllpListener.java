package io.ductus.connector.mllp;

import io.ductus.connector.listener.Admission;
import io.ductus.connector.listener.EventLoops;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.NettyListener;
import io.ductus.connector.listener.Receiving;
import io.ductus.format.ack.AckControlIds;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.HostPort;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The MLLP listener: accepts many connections, hands each message to the intake and answers AA only
 * after the intake's commit returned (AE when storing failed, AR when the input is not HL7). Each
 * connection's messages are submitted one after another, in the order they arrived. Binding, the
 * connections, {@code max_connections} (in all and per sender's address), keepalive, the frame deadline,
 * the budget of bytes in flight and the graceful stop are the shared {@link NettyListener}'s.
 */
final class MllpListener implements Source {

    record Settings(HostPort listen, int maxFrameBytes, Duration idleTimeout, int maxConnections, int maxConnectionsPerAddress,
                    Duration frameTimeout) {
    }

    /**
     * Reads of one connection per turn of its event loop (one buffer, at most 64 KB): a loop serves its connections
     * in turns, and Netty's default of 16 reads let each sender of a big frame take 1 MB per turn. With a hundred
     * senders pushing 15 MB frames at once, a turn of the loop meant 50 MB read, copied and searched for the end
     * bytes before a small message on another connection of the loop was read or its ACK written: on a busy machine
     * that was a stall of a second or more (bench/run abuse, ack_p99_frames_ms). The bytes read are the same; they
     * come in smaller turns, and each connection gets its turn sooner.
     */
    static final int READS_PER_TURN = 1;

    /** Who may connect and how: TLS (with client certificates) and the allow list, each optional. */
    record Security(java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls,
                    java.util.Optional<io.ductus.connector.listener.AllowList> allow) {
        static final Security NONE = new Security(java.util.Optional.empty(), java.util.Optional.empty());
    }

    private final Settings settings;
    private final NettyListener listener;
    private final AckControlIds ackIds;
    private final ConnectorContext context;

    private final Security security;

    MllpListener(Settings settings, EventLoops loops, ListenerLimits limits, AckControlIds ackIds, ConnectorContext context) {
        this(settings, loops, limits, ackIds, context, Security.NONE);
    }

    MllpListener(Settings settings, EventLoops loops, ListenerLimits limits, AckControlIds ackIds, ConnectorContext context,
                 Security security) {
        this.settings = settings;
        this.security = security;
        List<Admission> rules = new java.util.ArrayList<>();
        security.allow().ifPresent(rules::add);
        rules.add(Admission.maxConnections(settings.maxConnections()));
        rules.add(Admission.maxConnectionsPerAddress(settings.maxConnectionsPerAddress()));
        this.listener = new NettyListener(new NettyListener.Settings("MLLP", settings.listen(), settings.idleTimeout(),
                settings.frameTimeout()), loops, limits, context, rules, security.tls());
        this.ackIds = ackIds;
        this.context = context;
    }

    @Override
    public void start(Intake intake) throws ConnectorException {
        security.allow().ifPresent(io.ductus.connector.listener.AllowList::start);
        listener.start(channel -> {
            channel.config().setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator().maxMessagesPerRead(READS_PER_TURN));
            Receiving receiving = listener.receiving();
            channel.pipeline().addLast(new MllpFrameDecoder(settings.maxFrameBytes(), receiving, this::frameTooSlow),
                    new MllpReceiveHandler(this, intake, receiving));
        });
        String how = security.tls().map(t -> " with TLS (certificate '" + t.certificate() + "'"
                + (t.asksClients() ? ", client certificates required" : "") + ")").orElse("");
        context.statusChanged(ConnectorStatus.OK, "listening on " + address() + how);
        context.log().info("MLLP listener on " + address() + how);
    }

    /** The address actually bound (the port differs from the setting when it was 0). */
    HostPort address() {
        return listener.address();
    }

    @Override
    public CompletionStage<Void> stop() {
        security.allow().ifPresent(io.ductus.connector.listener.AllowList::close);
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

    /** A frame did not come whole within frame_timeout of its start byte: the connection is closed. */
    private void frameTooSlow(ChannelHandlerContext ctx, long received) {
        refused(ctx.channel(), "frame_timeout", "a frame did not come whole within " + settings.frameTimeout().toSeconds() + " s"
                + " of its start byte (frame_timeout): " + received + " bytes of it came; the connection is closed");
        ctx.close();
    }

    /** Counts and logs (once a minute per sender) a refusal of what a connection sent. */
    void refused(Channel channel, String kind, String reason) {
        listener.refused(channel, kind, reason);
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
