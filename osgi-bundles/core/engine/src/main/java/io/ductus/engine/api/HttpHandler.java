package io.ductus.engine.api;

import io.ductus.connector.listener.HttpPaths;
import io.ductus.connector.listener.HttpReceiving;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapts Netty's HTTP objects to the router's plain request and response. Handlers may block (database,
 * password hashing), so each request is answered on a virtual thread; the connection reads nothing more
 * until the answer is written, which keeps answers in request order. A streamed answer (server-sent
 * events) keeps its virtual thread and the connection until it ends; then the connection closes.
 */
final class HttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(HttpHandler.class);
    /** Set on a connection that carries a streamed answer: it reads only to notice the client going. */
    private static final AttributeKey<Boolean> STREAMING = AttributeKey.valueOf("ductus.streaming");

    private final Router router;
    private final ExecutorService handlers;
    private final HttpReceiving receiving;

    HttpHandler(Router router, ExecutorService handlers, HttpReceiving receiving) {
        this.router = router;
        this.handlers = handlers;
        this.receiving = receiving;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (Boolean.TRUE.equals(ctx.channel().attr(STREAMING).get())) return; // nothing more is answered on a stream
        boolean keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        var version = request.protocolVersion();
        if (!request.decoderResult().isSuccess()) {
            write(ctx, version, false, ApiResponse.problem(400, "Bad request", "The request could not be read as HTTP: "
                    + request.decoderResult().cause().getMessage()));
            receiving.answered();
            return;
        }
        ApiRequest plain = plain(ctx, request);
        ctx.channel().config().setAutoRead(false);
        handlers.execute(() -> {
            ApiResponse answer = router.dispatch(plain);
            // The request's body has been read by now: it goes back to the budget of bytes in flight.
            ctx.executor().execute(receiving::answered);
            if (answer.stream() != null) stream(ctx, version, answer);
            else write(ctx, version, keepAlive, answer);
        });
    }

    private static ApiRequest plain(ChannelHandlerContext ctx, FullHttpRequest request) {
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        Map<String, String> headers = new HashMap<>();
        for (Map.Entry<String, String> h : request.headers()) headers.putIfAbsent(h.getKey().toLowerCase(Locale.ROOT), h.getValue());
        Map<String, String> cookies = new HashMap<>();
        String cookieHeader = request.headers().get(HttpHeaderNames.COOKIE);
        if (cookieHeader != null) {
            for (Cookie c : ServerCookieDecoder.STRICT.decode(cookieHeader)) cookies.putIfAbsent(c.name(), c.value());
        }
        String address = ctx.channel().remoteAddress() instanceof InetSocketAddress a ? a.getAddress().getHostAddress() : null;
        return new ApiRequest(request.method().name(), HttpPaths.normalize(uri.path()), Map.of(), uri.parameters(), headers, cookies,
                ByteBufUtil.getBytes(request.content()), address);
    }

    /** HSTS for a year, and the session cookie only over TLS: on a connection that is TLS (the API's tls: setting). */
    static void overTls(ChannelHandlerContext ctx, io.netty.handler.codec.http.HttpHeaders headers) {
        if (!(ctx.pipeline().get("tls") instanceof io.netty.handler.ssl.SslHandler)) return;
        headers.set("Strict-Transport-Security", "max-age=31536000");
        String cookie = headers.get(HttpHeaderNames.SET_COOKIE);
        if (cookie != null && !cookie.contains("; Secure")) headers.set(HttpHeaderNames.SET_COOKIE, cookie + "; Secure");
    }

    static void write(ChannelHandlerContext ctx, HttpVersion version, boolean keepAlive, ApiResponse answer) {
        FullHttpResponse response = new DefaultFullHttpResponse(version, HttpResponseStatus.valueOf(answer.status()),
                Unpooled.wrappedBuffer(answer.body()));
        if (answer.body().length > 0) response.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType());
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        answer.headers().forEach((name, value) -> response.headers().set(name, value));
        overTls(ctx, response.headers());
        HttpUtil.setKeepAlive(response, keepAlive);
        var write = ctx.writeAndFlush(response);
        if (keepAlive) {
            write.addListener(f -> ctx.channel().config().setAutoRead(true));
        } else {
            write.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Headers now, then the body in chunks as the stream writes it; the connection closes when it ends. */
    private static void stream(ChannelHandlerContext ctx, HttpVersion version, ApiResponse answer) {
        HttpResponse response = new DefaultHttpResponse(version, HttpResponseStatus.valueOf(answer.status()));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType());
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        response.headers().set("X-Accel-Buffering", "no"); // a proxy in front must pass each event on at once
        answer.headers().forEach((name, value) -> response.headers().set(name, value));
        overTls(ctx, response.headers());
        HttpUtil.setTransferEncodingChunked(response, true);
        ctx.writeAndFlush(response);
        // Reading again lets the connection notice at once when the client goes (and end its stream then).
        ctx.channel().attr(STREAMING).set(true);
        ctx.channel().config().setAutoRead(true);
        try {
            answer.stream().writeTo(new ChannelOutput(ctx.channel()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warn("a streamed answer failed", e);
        } finally {
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * Writes chunks to the connection, each one waiting until the connection took it: a client that reads
     * slowly holds up only its own stream.
     */
    private record ChannelOutput(Channel channel) implements ResponseStream.Output {

        @Override
        public boolean write(String text) throws InterruptedException {
            if (!channel.isActive()) return false;
            ChannelFuture written = channel.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8)));
            written.await();
            return written.isSuccess();
        }

        @Override
        public void onClose(Runnable action) {
            channel.closeFuture().addListener(f -> action.run());
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) ctx.close();
        else super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
