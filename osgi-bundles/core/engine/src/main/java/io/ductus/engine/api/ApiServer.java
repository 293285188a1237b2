package io.ductus.engine.api;

import io.ductus.connector.listener.Admission;
import io.ductus.connector.listener.ConnectionGate;
import io.ductus.connector.listener.HttpReceiving;
import io.ductus.connector.listener.Keepalive;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.Receiving;
import io.ductus.sdk.config.HostPort;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's own HTTP listener for /api/v1 (Netty, one event loop of its own, so that what the sources
 * receive never delays it nor it them; handlers run on virtual threads). Bounded as the sources are: at most
 * {@value #MAX_CONNECTIONS} connections, {@value #MAX_CONNECTIONS_PER_ADDRESS} from one address, TCP keepalive,
 * a request must come whole within {@link #REQUEST_TIMEOUT} of its first byte, bodies count against the
 * engine's budget of bytes in flight, and an idle connection closes after {@link #IDLE_TIMEOUT}.
 */
public final class ApiServer {

    private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);
    private static final int MAX_REQUEST_BYTES = 1 << 20;
    private static final long STOP_WAIT_MS = 5000;
    static final int MAX_CONNECTIONS = 256;
    static final int MAX_CONNECTIONS_PER_ADDRESS = 32;
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    static final Duration IDLE_TIMEOUT = Duration.ofMinutes(2);

    private final HostPort listen;
    private final Router router;
    private final ListenerLimits limits;
    private final ExecutorService handlers = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("ductus-api-", 0).factory());
    private EventLoopGroup group;
    private Channel channel;
    /** Every open connection, so a stop closes them behind what was written to them (the last chunk of a stream). */
    private final io.netty.channel.group.ChannelGroup connections =
            new io.netty.channel.group.DefaultChannelGroup("ductus-api", io.netty.util.concurrent.GlobalEventExecutor.INSTANCE);
    private String url;
    /** TLS and the allow list of ductus.yaml's api:, set before {@link #start}. */
    private java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls = java.util.Optional.empty();
    private java.util.Optional<io.ductus.connector.listener.AllowList> allow = java.util.Optional.empty();

    /** Outside the engine (tests): the default budget of bytes in flight, refusals counted apart. */
    public ApiServer(HostPort listen, Router router) {
        this(listen, router, ListenerLimits.defaults());
    }

    /** @param limits the engine's budget of bytes in flight and refusal counts, shared with its listeners */
    public ApiServer(HostPort listen, Router router, ListenerLimits limits) {
        this.listen = listen;
        this.router = router;
        this.limits = limits;
    }

    /**
     * Listens with TLS (HSTS sent, the session cookie Secure) and lets only the allow list's addresses in; before
     * {@link #start}.
     */
    public void secure(java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls,
                       java.util.Optional<io.ductus.connector.listener.AllowList> allow) {
        this.tls = tls;
        this.allow = allow;
    }

    /** Whether the API listens with TLS. */
    public boolean secure() {
        return tls.isPresent();
    }

    /** Binds the port; fails with a message naming the address when it cannot. */
    public void start() throws ApiListenException {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        List<Admission> rules = new java.util.ArrayList<>();
        allow.ifPresent(a -> rules.add(a.start()));
        rules.add(Admission.maxConnections(MAX_CONNECTIONS));
        rules.add(Admission.maxConnectionsPerAddress(MAX_CONNECTIONS_PER_ADDRESS));
        ConnectionGate gate = new ConnectionGate(ApiLimits.LISTENER, rules, limits.refusals(), line -> LOG.warn("API {}", line));
        ServerBootstrap bootstrap = Keepalive.on(new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!gate.admit(ch)) return;
                        tls.ifPresent(t -> t.addTo(ch, (c, kind, reason) -> limits.refusals().refused(ApiLimits.LISTENER, kind,
                                c.remoteAddress() instanceof InetSocketAddress a ? a.getAddress() : null, reason,
                                line -> LOG.warn("API {}", line))));
                        HttpReceiving receiving = new HttpReceiving(new Receiving(limits.budget(), REQUEST_TIMEOUT), REQUEST_TIMEOUT,
                                MAX_REQUEST_BYTES, ApiServer.this::refuse);
                        connections.add(ch);
                        ch.pipeline().addLast(
                                new IdleStateHandler(0, 0, IDLE_TIMEOUT.toSeconds(), TimeUnit.SECONDS),
                                receiving.bytes(),
                                new HttpServerCodec(),
                                receiving.requests(),
                                new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                new HttpHandler(router, handlers, receiving));
                    }
                }));
        try {
            channel = bootstrap.bind(listen.host(), listen.port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new ApiListenException("cannot listen on " + listen + " for the API: " + e.getMessage(), e);
        }
        InetSocketAddress bound = (InetSocketAddress) channel.localAddress();
        url = (tls.isPresent() ? "https://" : "http://") + new HostPort(listen.host(), bound.getPort());
        LOG.debug("API listening on {}", url);
    }

    /** A request past its deadline (408) or the budget of bytes in flight (503): answered, counted, and the connection closed. */
    private void refuse(ChannelHandlerContext ctx, String kind, int status, String detail) {
        limits.refusals().refused(ApiLimits.LISTENER, kind, ctx.channel().remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress() : null, detail, line -> LOG.warn("API {}", line));
        ApiResponse answer = ApiResponse.problem(status, status == 408 ? "Request timeout" : "Busy", detail);
        if (status == 503) answer = answer.withHeader("Retry-After", "2");
        // Written from the last handler, so that it goes out through the HTTP codec.
        HttpHandler.write(ctx.pipeline().context(HttpHandler.class), HttpVersion.HTTP_1_1, false, answer);
    }

    /** The base URL with the port actually bound (useful with port 0). */
    public String url() {
        return url;
    }

    public void stop() {
        stop(() -> { });
    }

    /**
     * Stops taking connections, ends the streamed answers ({@code endStreams}: each writes its last chunk
     * and closes its connection), lets the answers in flight finish (a bounded wait), then closes the rest.
     * In this order a stop while clients follow the events logs nothing: no stream writes to a connection
     * whose event loop, or whose bundle, is gone.
     */
    public void stop(Runnable endStreams) {
        allow.ifPresent(io.ductus.connector.listener.AllowList::close);
        if (channel != null) channel.close().syncUninterruptibly();
        endStreams.run();
        handlers.shutdown();
        try {
            if (!handlers.awaitTermination(STOP_WAIT_MS, TimeUnit.MILLISECONDS)) {
                LOG.warn("API answers still running {} ms into the stop; their connections close now", STOP_WAIT_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // Closed from here, each connection closes after the writes queued on it (an event loop runs its tasks
        // in order); shutting the loop down would close them first and drop those writes.
        connections.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        if (group != null) group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The API listener could not bind. */
    public static final class ApiListenException extends Exception {
        private static final long serialVersionUID = 1L;

        ApiListenException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
