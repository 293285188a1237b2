package io.ductus.connector.listener;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Bounds what one HTTP connection receives (the HTTP source's and the engine's API): a request must come
 * whole, headers and body, within the deadline of its first byte (else 408 and the connection closes: a
 * client sending a header a minute is cut off), and its body counts against the engine's budget of bytes in
 * flight from the moment it is announced (Content-Length) or arrives until its answer is written (past the
 * budget: 503 at once, before the body is read, and the connection closes). Two handlers around Netty's
 * HTTP codec share one {@link Receiving}: {@link #bytes()} before it sees a request's first byte;
 * {@link #requests()} after it counts the body and sees the request end.
 */
public final class HttpReceiving {

    /** Writes the protocol's refusal (a problem document) and closes the connection; counts and logs it. */
    @FunctionalInterface
    public interface Refuser {
        /**
         * @param kind   {@code frame_timeout} or {@code bytes_in_flight}
         * @param status 408 or 503
         */
        void refuse(ChannelHandlerContext ctx, String kind, int status, String detail);
    }

    private final Receiving receiving;
    private final Refuser refuser;
    private final long deadlineSeconds;
    private final long maxBody;
    private boolean refused;
    private long declared;
    private long body;
    private long lastRequest;

    /**
     * @param maxBody the largest body the connection's aggregator takes: a larger one it refuses itself (413),
     *                so no more than this is counted against the budget for it
     */
    public HttpReceiving(Receiving receiving, java.time.Duration deadline, long maxBody, Refuser refuser) {
        this.receiving = receiving;
        this.refuser = refuser;
        this.deadlineSeconds = Math.max(1, deadline.toSeconds());
        this.maxBody = maxBody;
    }

    /** Goes before the HTTP codec: a request's first byte starts its deadline. */
    public ChannelHandler bytes() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (refused) {
                    ReferenceCountUtil.release(msg);
                    return;
                }
                if (msg instanceof ByteBuf b && b.isReadable() && !receiving.underWay()) {
                    receiving.begin(ctx, () -> refuse(ctx, "frame_timeout", 408, "the request did not come whole within "
                            + deadlineSeconds + " s of its first byte (frame_timeout)"));
                }
                ctx.fireChannelRead(msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                receiving.closed();
                ctx.fireChannelInactive();
            }
        };
    }

    /** Goes after the HTTP codec: counts each body against the budget and stops the deadline at its end. */
    public ChannelHandler requests() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (refused) {
                    ReferenceCountUtil.release(msg);
                    return;
                }
                if (msg instanceof HttpRequest request) {
                    declared = Math.min(maxBody, Math.max(0, HttpUtil.getContentLength(request, 0L)));
                    body = 0;
                    if (!receiving.holds(declared)) {
                        ReferenceCountUtil.release(msg);
                        overBudget(ctx);
                        return;
                    }
                }
                if (msg instanceof HttpContent content) {
                    body += content.content().readableBytes();
                    if (!receiving.holds(Math.min(maxBody, Math.max(declared, body)))) {
                        ReferenceCountUtil.release(msg);
                        overBudget(ctx);
                        return;
                    }
                    if (msg instanceof LastHttpContent) {
                        lastRequest = receiving.held();
                        receiving.completed();
                    }
                }
                ctx.fireChannelRead(msg);
            }
        };
    }

    /** The answer to the last request was written: its body's bytes go back to the budget. */
    public void answered() {
        receiving.answered(lastRequest);
        lastRequest = 0;
    }

    private void overBudget(ChannelHandlerContext ctx) {
        refuse(ctx, "bytes_in_flight", 503, "the engine is receiving as much as it may hold at once (limits.bytes_in_flight_mb);"
                + " send it again shortly");
    }

    private void refuse(ChannelHandlerContext ctx, String kind, int status, String detail) {
        if (refused) return;
        refused = true;
        receiving.ended();
        refuser.refuse(ctx, kind, status, detail);
    }
}
