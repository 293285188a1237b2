package io.ductus.connector.http;

import io.ductus.connector.listener.HttpPaths;
import io.ductus.connector.listener.HttpReceiving;
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
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * One connection's requests: checks each (its path normalized, method, content type, charset, body), hands
 * those that pass to the answerer, and writes the answer. The connection reads nothing more while a request is in
 * flight, so answers go out in request order.
 */
final class RequestHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final HttpListener listener;
    private final RequestAnswerer answerer;
    private final HttpReceiving receiving;
    private String remote = "?";
    /** A request of this connection is being answered: an idle timeout must not cut it off. */
    private volatile boolean busy;

    RequestHandler(HttpListener listener, RequestAnswerer answerer, HttpReceiving receiving) {
        this.listener = listener;
        this.answerer = answerer;
        this.receiving = receiving;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().remoteAddress() instanceof InetSocketAddress a) remote = a.getAddress().getHostAddress() + ":" + a.getPort();
        super.channelActive(ctx);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        HttpVersion version = request.protocolVersion();
        if (!request.decoderResult().isSuccess()) {
            answer(ctx, version, false, Answer.problem(new Problem(400, "Bad Request",
                    "the request could not be read as HTTP: " + request.decoderResult().cause().getMessage())));
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        String path = HttpPaths.normalize(uri.path());
        String method = request.method().name();
        MediaType mediaType = MediaType.parse(request.headers().get(HttpHeaderNames.CONTENT_TYPE));
        Answer refusal = check(method, path, mediaType, request.content().readableBytes());
        if (refusal != null) {
            answer(ctx, version, keepAlive, refusal);
            return;
        }
        listener.requestStarted();
        if (listener.stopping()) {
            answer(ctx, version, false, Answer.unavailable("the receiver is stopping; send it again shortly", listener.settings()));
            listener.requestAnswered();
            return;
        }
        ReceivedRequest received = new ReceivedRequest(method, path, uri.parameters(), headers(request),
                ByteBufUtil.getBytes(request.content()), mediaType, origin(method, path, mediaType));
        ctx.channel().config().setAutoRead(false);
        busy = true;
        answerer.answer(received, listener).whenComplete((answer, error) -> {
            busy = false;
            try {
                Answer sent = error == null ? answer
                        : Answer.unavailable("the request could not be handled; send it again shortly", listener.settings());
                if (error != null) listener.context().log().error("a request from " + remote + " could not be handled", error);
                answer(ctx, version, keepAlive && !listener.stopping(), sent);
            } finally {
                listener.requestAnswered();
            }
        });
    }

    /** The refusal for a request the listener does not take, or null when it passes. */
    private Answer check(String method, String path, MediaType mediaType, int bodyBytes) {
        ListenerSettings settings = listener.settings();
        if (!settings.serves(path)) {
            return Answer.problem(new Problem(404, "Not Found", "this listener serves " + settings.path() + ", not " + path));
        }
        if (!settings.methods().contains(method)) {
            Answer problem = Answer.problem(new Problem(405, "Method Not Allowed", method + " is not accepted here; use "
                    + String.join(" or ", new TreeSet<>(settings.methods()))));
            Map<String, String> headers = new LinkedHashMap<>(problem.headers());
            headers.put("allow", String.join(", ", new TreeSet<>(settings.methods())));
            return new Answer(405, headers, problem.body());
        }
        if (!settings.contentTypes().isEmpty() && !settings.contentTypes().contains(mediaType.type())) {
            return Answer.problem(new Problem(415, "Unsupported Media Type", "Content-Type "
                    + (mediaType.type().isEmpty() ? "is missing" : mediaType.type() + " is not accepted")
                    + "; this listener takes " + String.join(", ", settings.contentTypes())));
        }
        try {
            mediaType.charset();
        } catch (IllegalArgumentException e) {
            return Answer.problem(new Problem(415, "Unsupported Media Type", e.getMessage()));
        }
        if (bodyBytes == 0 && answerer.needsBody()) {
            return Answer.problem(new Problem(400, "Bad Request", "the request has no body; send the message as the body"));
        }
        return null;
    }

    private static Map<String, String> headers(FullHttpRequest request) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, String> h : request.headers()) {
            headers.merge(h.getKey().toLowerCase(Locale.ROOT), h.getValue(), (a, b) -> a + ", " + b);
        }
        return headers;
    }

    private Map<String, String> origin(String method, String path, MediaType mediaType) {
        Map<String, String> origin = new LinkedHashMap<>();
        origin.put("remote", remote);
        origin.put("method", method);
        origin.put("path", path);
        if (!mediaType.type().isEmpty()) origin.put("content-type", mediaType.type());
        return origin;
    }

    /** Writes the answer to the request; its body's bytes go back to the budget of bytes in flight. */
    private void answer(ChannelHandlerContext ctx, HttpVersion version, boolean keepAlive, Answer answer) {
        write(ctx, version, keepAlive, answer);
        receiving.answered();
    }

    static void write(ChannelHandlerContext ctx, HttpVersion version, boolean keepAlive, Answer answer) {
        FullHttpResponse response = new DefaultFullHttpResponse(version, HttpResponseStatus.valueOf(answer.status()),
                Unpooled.wrappedBuffer(answer.body()));
        answer.headers().forEach((name, value) -> response.headers().set(name, value));
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, answer.body().length);
        HttpUtil.setKeepAlive(response, keepAlive);
        var written = ctx.writeAndFlush(response);
        if (keepAlive) written.addListener(f -> ctx.channel().config().setAutoRead(true));
        else written.addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            if (!busy) ctx.close();
        } else {
            super.userEventTriggered(ctx, event);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        listener.context().log().debug("connection from " + remote + " closed: " + cause);
        ctx.close();
    }
}
