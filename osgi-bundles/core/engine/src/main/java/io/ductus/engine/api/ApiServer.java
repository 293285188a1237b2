package io.ductus.engine.api;

import io.ductus.sdk.config.HostPort;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The engine's own HTTP listener for /api/v1 (Netty, one event loop; handlers run on virtual threads). */
public final class ApiServer {

    private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);
    private static final int MAX_REQUEST_BYTES = 1 << 20;
    private static final long STOP_WAIT_MS = 5000;

    private final HostPort listen;
    private final Router router;
    private final ExecutorService handlers = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("ductus-api-", 0).factory());
    private EventLoopGroup group;
    private Channel channel;
    /** Every open connection, so a stop closes them behind what was written to them (the last chunk of a stream). */
    private final io.netty.channel.group.ChannelGroup connections =
            new io.netty.channel.group.DefaultChannelGroup("ductus-api", io.netty.util.concurrent.GlobalEventExecutor.INSTANCE);
    private String url;

    public ApiServer(HostPort listen, Router router) {
        this.listen = listen;
        this.router = router;
    }

    /** Binds the port; fails with a message naming the address when it cannot. */
    public void start() throws ApiListenException {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        ch.pipeline().addLast(
                                new IdleStateHandler(0, 0, 120, TimeUnit.SECONDS),
                                new HttpServerCodec(),
                                new HttpObjectAggregator(MAX_REQUEST_BYTES),
                                new HttpHandler(router, handlers));
                    }
                });
        try {
            channel = bootstrap.bind(listen.host(), listen.port()).syncUninterruptibly().channel();
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new ApiListenException("cannot listen on " + listen + " for the API: " + e.getMessage(), e);
        }
        InetSocketAddress bound = (InetSocketAddress) channel.localAddress();
        url = "http://" + new HostPort(listen.host(), bound.getPort());
        LOG.debug("API listening on {}", url);
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
