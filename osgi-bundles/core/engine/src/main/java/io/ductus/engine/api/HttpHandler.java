package io.ductus.engine.api;

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
import io.netty.handler.timeout.IdleStateEvent;

/** Adapts Netty's HTTP objects to the router's plain request and response. */
final class HttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final Router router;

    HttpHandler(Router router) {
        this.router = router;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        ApiResponse answer;
        if (!request.decoderResult().isSuccess()) {
            answer = ApiResponse.problem(400, "Bad request", "The request could not be read as HTTP: "
                    + request.decoderResult().cause());
        } else {
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            answer = router.dispatch(new ApiRequest(request.method().name(), uri.path(), uri.parameters()));
        }
        FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(),
                HttpResponseStatus.valueOf(answer.status()), Unpooled.wrappedBuffer(answer.body()));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType());
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        boolean keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        HttpUtil.setKeepAlive(response, keepAlive);
        var write = ctx.writeAndFlush(response);
        if (!keepAlive) write.addListener(ChannelFutureListener.CLOSE);
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
