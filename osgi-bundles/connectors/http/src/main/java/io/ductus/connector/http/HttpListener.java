package io.ductus.connector.http;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Responder;
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
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The HTTP listener. In queue mode it stores each request's body through the intake and answers 202
 * with the message id only after the commit returned (503 with Retry-After when storing failed or the
 * listener is stopping). In respond mode the interface's code answers each request, nothing is stored.
 *
 * <p>Netty, like the MLLP listener: event loops shared by every listener of the engine, and the
 * engine's API already ships its HTTP codec, so the bundle adds no library.
 */
final class HttpListener implements Source {

    private final ListenerSettings settings;
    private final EventLoopGroup group;
    private final ConnectorContext context;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicBoolean finishing = new AtomicBoolean();
    private volatile boolean stopping;
    private ChannelGroup connections;
    private Channel server;
    private CompletableFuture<Void> stopped;

    HttpListener(ListenerSettings settings, EventLoopGroup group, ConnectorContext context) {
        this.settings = settings;
        this.group = group;
        this.context = context;
    }

    @Override
    public synchronized void start(Intake intake) throws ConnectorException {
        Responder responder = null;
        if (settings.respond()) {
            if (!(intake instanceof Responder r)) {
                context.statusChanged(ConnectorStatus.FAILED, "respond: true needs the interface's code");
                throw new ConnectorException("respond: true needs transform.js in the interface's folder, exporting transform(msg, meta)"
                        + " that returns {status, headers, body}");
            }
            responder = r;
        }
        RequestAnswerer answerer = settings.respond() ? new RespondAnswerer(responder, settings) : new QueueAnswerer(intake, settings);
        connections = new DefaultChannelGroup("http-" + settings.listen(), GlobalEventExecutor.INSTANCE);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        connections.add(channel);
                        channel.pipeline().addLast(
                                new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS),
                                new HttpServerCodec(),
                                new BodyLimit(settings.maxBodyBytes()),
                                new RequestHandler(HttpListener.this, answerer));
                    }
                });
        try {
            server = bootstrap.bind(settings.listen().host(), settings.listen().port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            context.statusChanged(ConnectorStatus.FAILED, "cannot listen on " + settings.listen() + ": " + e.getMessage());
            throw new ConnectorException("cannot listen on " + settings.listen() + ": " + e.getMessage(), e);
        }
        context.statusChanged(ConnectorStatus.OK, "listening on " + address() + settings.path());
        context.log().info("HTTP listener on http://" + address() + settings.path() + (settings.respond() ? " (respond mode)" : ""));
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

    ListenerSettings settings() {
        return settings;
    }

    ConnectorContext context() {
        return context;
    }

    boolean stopping() {
        return stopping;
    }

    void requestStarted() {
        inFlight.incrementAndGet();
    }

    /** Called once the answer to a request was written; the last one lets a stop finish. */
    void requestAnswered() {
        if (inFlight.decrementAndGet() == 0 && stopping) finishStop();
    }

    private void finishStop() {
        if (!finishing.compareAndSet(false, true)) return;
        connections.close().addListener(f -> {
            context.log().info("HTTP listener on " + settings.listen() + " stopped");
            stopped.complete(null);
        });
    }
}
