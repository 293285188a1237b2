package io.ductus.engine.api;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * Adapts Netty's HTTP objects to the router's plain request and response. Handlers may block (database,
 * password hashing), so each request is answered on a virtual thread; the connection reads nothing more
 * until the answer is written, which keeps answers in request order.
 */
final class HttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final Router router;
    private final ExecutorService handlers;

    HttpHandler(Router router, ExecutorService handlers) {
        this.router = router;
        this.handlers = handlers;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        var version = request.protocolVersion();
        if (!request.decoderResult().isSuccess()) {
            write(ctx, version, false, ApiResponse.problem(400, "Bad request", "The request could not be read as HTTP: "
                    + request.decoderResult().cause()));
            return;
        }
        ApiRequest plain = plain(ctx, request);
        ctx.channel().config().setAutoRead(false);
        handlers.execute(() -> write(ctx, version, keepAlive, router.dispatch(plain)));
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
        return new ApiRequest(request.method().name(), uri.path(), Map.of(), uri.parameters(), headers, cookies,
                ByteBufUtil.getBytes(request.content()), address);
    }

    private static void write(ChannelHandlerContext ctx, io.netty.handler.codec.http.HttpVersion version, boolean keepAlive,
                              ApiResponse answer) {
        FullHttpResponse response = new DefaultFullHttpResponse(version, HttpResponseStatus.valueOf(answer.status()),
                Unpooled.wrappedBuffer(answer.body()));
        if (answer.body().length > 0) response.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType());
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        answer.headers().forEach((name, value) -> response.headers().set(name, value));
        HttpUtil.setKeepAlive(response, keepAlive);
        var write = ctx.writeAndFlush(response);
        if (keepAlive) {
            write.addListener(f -> ctx.channel().config().setAutoRead(true));
        } else {
            write.addListener(ChannelFutureListener.CLOSE);
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
