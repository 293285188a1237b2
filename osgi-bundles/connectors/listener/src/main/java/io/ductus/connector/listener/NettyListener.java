package io.ductus.connector.listener;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.config.HostPort;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The one scaffold of a listening source: binds on the engine's event loops, keeps the open connections,
 * asks each {@link Admission} rule before taking a new one, closes a connection idle for too long, counts
 * the requests in flight, and stops gracefully: the server socket closes at once, requests in flight are
 * answered, then the connections close. The connector adds its protocol's handlers to each connection
 * and tells the scaffold when a request starts and when its answer was written.
 */
public final class NettyListener {

    /**
     * @param name        what the listener is, for its log lines ("MLLP", "HTTP")
     * @param listen      the address to bind
     * @param idleTimeout a connection that sends nothing for this long is closed
     */
    public record Settings(String name, HostPort listen, Duration idleTimeout) {
    }

    private final Settings settings;
    private final EventLoops loops;
    private final ConnectorContext context;
    private final List<Admission> admissions;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicBoolean finishing = new AtomicBoolean();
    private volatile boolean stopping;
    private ChannelGroup connections;
    private Channel server;
    private CompletableFuture<Void> stopped;

    /** @param admissions the rules a new connection must pass, in order (the first refusal counts) */
    public NettyListener(Settings settings, EventLoops loops, ConnectorContext context, List<Admission> admissions) {
        this.settings = settings;
        this.loops = loops;
        this.context = context;
        this.admissions = List.copyOf(admissions);
    }

    /**
     * Binds and starts taking connections; each admitted one gets an idle timeout and then the connector's
     * handlers. A failure to bind sets the status FAILED and is thrown, naming the address.
     *
     * @param handlers adds the protocol's handlers to a new connection's pipeline
     */
    public synchronized void start(Consumer<SocketChannel> handlers) throws ConnectorException {
        connections = new DefaultChannelGroup(settings.name() + "-" + settings.listen(), GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops.group())
                .channelFactory(ListeningChannel::new)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        Optional<String> refused = refusal(channel.remoteAddress());
                        if (refused.isPresent()) {
                            context.log().warn("refused a connection from " + remote(channel) + ": " + refused.get());
                            channel.close();
                            return;
                        }
                        connections.add(channel);
                        channel.pipeline().addLast(new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS));
                        handlers.accept(channel);
                    }
                });
        try {
            server = bootstrap.bind(settings.listen().host(), settings.listen().port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            context.statusChanged(ConnectorStatus.FAILED, "cannot listen on " + settings.listen() + ": " + e.getMessage());
            throw new ConnectorException("cannot listen on " + settings.listen() + ": " + e.getMessage(), e);
        }
    }

    private Optional<String> refusal(InetSocketAddress remote) {
        int open = connections.size();
        for (Admission rule : admissions) {
            Optional<String> refused = rule.refuse(remote, open);
            if (refused.isPresent()) return refused;
        }
        return Optional.empty();
    }

    /** A connection's sender as {@code host:port}, for log lines. */
    public static String remote(Channel channel) {
        return String.valueOf(channel.remoteAddress()).replaceFirst("^/", "");
    }

    /** The address actually bound (the port differs from the setting when it was 0). */
    public HostPort address() {
        InetSocketAddress bound = (InetSocketAddress) server.localAddress();
        return new HostPort(settings.listen().host(), bound.getPort());
    }

    /** Whether a stop has begun: new requests get the protocol's "try again" answer. */
    public boolean stopping() {
        return stopping;
    }

    /** A request was handed on (to the intake, or the code that answers it). */
    public void requestStarted() {
        inFlight.incrementAndGet();
    }

    /** The answer to a request was written; the last one lets a stop finish. */
    public void requestAnswered() {
        if (inFlight.decrementAndGet() == 0 && stopping) finishStop();
    }

    /** Connections open now. */
    public int openConnections() {
        return connections == null ? 0 : connections.size();
    }

    /** Stops taking connections, lets the requests in flight be answered, then closes the connections. */
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

    private void finishStop() {
        if (!finishing.compareAndSet(false, true)) return;
        connections.close().addListener(f -> {
            if (!checkAgainSoon()) completeStop();
        });
    }

    /**
     * The JDK closes a selector-registered socket only when the event loop's next select deregisters its key:
     * until then the port still accepts (and resets) connections. So the stop completes once the socket is no
     * longer registered, checked on the loop that deregisters it (there "not registered" means closed). A fixed
     * delay is not enough on a busy machine: the loop may run a task that fell due before it selects again.
     */
    private void completeOnceReleased() {
        if (((ListeningChannel) server).released() || !checkAgainSoon()) completeStop();
    }

    /** False when the loop is shutting down: its sockets close with it. */
    private boolean checkAgainSoon() {
        try {
            server.eventLoop().schedule(this::completeOnceReleased, 1, TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return false;
        }
    }

    private void completeStop() {
        context.log().info(settings.name() + " listener on " + settings.listen() + " stopped");
        stopped.complete(null);
    }

    /** A server channel that can tell whether the JDK still has its socket registered with the selector. */
    private static final class ListeningChannel extends NioServerSocketChannel {
        boolean released() {
            return !javaChannel().isRegistered();
        }
    }
}
