package io.ductus.connector.listener;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.config.HostPort;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The one scaffold of a listening source: binds on the engine's event loops, keeps the open connections
 * ({@link ConnectionGate}: each {@link Admission} rule is asked before a new one is taken), sets TCP keepalive
 * on them ({@link Keepalive}), closes a connection idle for too long, gives each connection what it needs to
 * bound what it receives ({@link #receiving()}: the frame deadline and the engine's budget of bytes in
 * flight), counts the requests in flight, and stops gracefully: the server socket closes at once, requests
 * in flight are answered, then the connections close. The connector adds its protocol's handlers to each
 * connection and tells the scaffold when a request starts and when its answer was written.
 */
public final class NettyListener {

    /**
     * @param name         what the listener is, for its log lines ("MLLP", "HTTP")
     * @param listen       the address to bind
     * @param idleTimeout  a connection that sends nothing for this long is closed
     * @param frameTimeout a frame or request must come whole within this of its first byte
     */
    public record Settings(String name, HostPort listen, Duration idleTimeout, Duration frameTimeout) {

        /** Settings with the default frame deadline. */
        public Settings(String name, HostPort listen, Duration idleTimeout) {
            this(name, listen, idleTimeout, DEFAULT_FRAME_TIMEOUT);
        }
    }

    /** How long a frame or request may take from its first byte to its last unless set. */
    public static final Duration DEFAULT_FRAME_TIMEOUT = Duration.ofMinutes(1);

    private final Settings settings;
    private final EventLoops loops;
    private final ListenerLimits limits;
    private final ConnectorContext context;
    private final List<Admission> admissions;
    private final java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicBoolean finishing = new AtomicBoolean();
    private volatile boolean stopping;
    private ConnectionGate gate;
    private Channel server;
    private CompletableFuture<Void> stopped;

    /** @param admissions the rules a new connection must pass, in order (the first refusal counts) */
    public NettyListener(Settings settings, EventLoops loops, ListenerLimits limits, ConnectorContext context,
                         List<Admission> admissions) {
        this(settings, loops, limits, context, admissions, java.util.Optional.empty());
    }

    /**
     * @param admissions the rules a new connection must pass, in order (the first refusal counts)
     * @param tls        TLS on every connection (the handshake first, before anything is read), or plain TCP
     */
    public NettyListener(Settings settings, EventLoops loops, ListenerLimits limits, ConnectorContext context,
                         List<Admission> admissions, java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls) {
        this.tls = tls;
        this.settings = settings;
        this.loops = loops;
        this.limits = limits;
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
        gate = new ConnectionGate(context.interfaceName(), admissions, limits.refusals(),
                line -> context.log().warn(settings.name() + " listener on " + settings.listen() + " " + line));
        ServerBootstrap bootstrap = Keepalive.on(new ServerBootstrap()
                .group(loops.group())
                .channelFactory(ListeningChannel::new)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        if (!gate.admit(channel)) return;
                        tls.ifPresent(t -> t.addTo(channel, NettyListener.this::refused));
                        channel.pipeline().addLast(new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS));
                        handlers.accept(channel);
                    }
                }));
        try {
            server = bootstrap.bind(settings.listen().host(), settings.listen().port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            context.statusChanged(ConnectorStatus.FAILED, "cannot listen on " + settings.listen() + ": " + e.getMessage());
            throw new ConnectorException("cannot listen on " + settings.listen() + ": " + e.getMessage(), e);
        }
    }

    /** Whether connections are TLS. */
    public boolean secure() {
        return tls.isPresent();
    }

    /** A connection's sender as {@code host:port}, for log lines. */
    public static String remote(Channel channel) {
        return String.valueOf(channel.remoteAddress()).replaceFirst("^/", "");
    }

    /** A connection's sender's address (null for a channel without one, such as a test's). */
    public static InetAddress address(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    }

    /** What one new connection receives against the frame deadline and the engine's budget of bytes in flight. */
    public Receiving receiving() {
        return new Receiving(limits.budget(), settings.frameTimeout());
    }

    /**
     * Counts and logs (once a minute per sender and kind) a refusal the protocol made of what a connection sent:
     * a frame too large, past its deadline, over the budget, not HL7.
     *
     * @param kind   a stable word for /metrics ({@code max_frame}, {@code frame_timeout}, {@code bytes_in_flight})
     * @param reason sizes and positions, never the bytes sent
     */
    public void refused(Channel channel, String kind, String reason) {
        limits.refusals().refused(context.interfaceName(), kind, address(channel), reason,
                line -> context.log().warn(settings.name() + " listener on " + settings.listen() + " " + line));
    }

    public Settings settings() {
        return settings;
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
        return gate == null ? 0 : gate.open();
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
        gate.connections().close().addListener(f -> {
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
