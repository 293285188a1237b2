package io.ductus.connector.mllp;

import io.ductus.format.ack.AckControlIds;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.HostPort;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The MLLP listener: accepts many connections, hands each message to the intake and answers AA only
 * after the intake's commit returned (AE when storing failed, AR when the input is not HL7). Each
 * connection's messages are submitted one after another, in the order they arrived.
 */
final class MllpListener implements Source {

    record Settings(HostPort listen, int maxFrameBytes, Duration idleTimeout, int maxConnections) {
    }

    private final Settings settings;
    private final EventLoopGroup group;
    private final ConnectorContext context;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AckControlIds ackIds;
    private final AtomicBoolean finishing = new AtomicBoolean();
    private volatile boolean stopping;
    private ChannelGroup connections;
    private Channel server;
    private CompletableFuture<Void> stopped;

    MllpListener(Settings settings, EventLoopGroup group, AckControlIds ackIds, ConnectorContext context) {
        this.settings = settings;
        this.group = group;
        this.ackIds = ackIds;
        this.context = context;
    }

    @Override
    public synchronized void start(Intake intake) throws ConnectorException {
        connections = new DefaultChannelGroup("mllp-" + settings.listen(), GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        if (connections.size() >= settings.maxConnections()) {
                            context.log().warn("refused a connection from " + channel.remoteAddress() + ": already "
                                    + settings.maxConnections() + " connections (max_connections)");
                            channel.close();
                            return;
                        }
                        connections.add(channel);
                        channel.pipeline().addLast(
                                new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS),
                                new MllpFrameDecoder(settings.maxFrameBytes()),
                                new MllpReceiveHandler(MllpListener.this, intake));
                    }
                });
        try {
            server = bootstrap.bind(settings.listen().host(), settings.listen().port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            context.statusChanged(ConnectorStatus.FAILED, "cannot listen on " + settings.listen() + ": " + e.getMessage());
            throw new ConnectorException("cannot listen on " + settings.listen() + ": " + e.getMessage(), e);
        }
        context.statusChanged(ConnectorStatus.OK, "listening on " + address());
        context.log().info("MLLP listener on " + address());
    }

    /** The address actually bound (the port differs from the setting when it was 0). */
    HostPort address() {
        InetSocketAddress bound = (InetSocketAddress) server.localAddress();
        return new HostPort(settings.listen().host(), bound.getPort());
    }

    @Override
    public synchronized CompletionStage<Void> stop() {
        if (stopped != null) return stopped;
        stopped = new CompletableFuture<>();
        stopping = true;
        if (server == null) {
            stopped.complete(null);
            return stopped;
        }
        server.close().addListener(f -> {
            if (inFlight.get() == 0) finishStop();
        });
        return stopped;
    }

    boolean stopping() {
        return stopping;
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
        inFlight.incrementAndGet();
    }

    /** Called once the answer to a submitted message was written; the last one lets a stop finish. */
    void submissionAnswered() {
        if (inFlight.decrementAndGet() == 0 && stopping) finishStop();
    }

    private void finishStop() {
        if (!finishing.compareAndSet(false, true)) return;
        connections.close().addListener(f -> {
            context.log().info("MLLP listener on " + settings.listen() + " stopped");
            stopped.complete(null);
        });
    }
}
