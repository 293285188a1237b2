package io.ductus.connector.mllp;

import io.ductus.connector.listener.NettyListener;
import io.ductus.format.ack.AckCode;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7Input;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.mllp.MllpFraming;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Receipt;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * One connection's messages, answered strictly in arrival order: the next frame is not submitted before
 * the previous one was answered, and reading pauses while one is in flight (the sender waits anyway).
 */
final class MllpReceiveHandler extends ChannelInboundHandlerAdapter {

    private final MllpListener listener;
    private final Intake intake;
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    private boolean busy;
    private String remote = "?";

    MllpReceiveHandler(MllpListener listener, Intake intake) {
        this.listener = listener;
        this.intake = intake;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        remote = NettyListener.remote(ctx.channel());
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object frame) {
        if (frame instanceof MllpFrameDecoder.Truncated cut) { // the connection is closing: nothing to answer
            listener.context().log().warn("connection from " + remote + " closed in the middle of a message: " + cut.received()
                    + " bytes received after the start byte (VT), no end bytes (FS CR); nothing stored, nothing answered");
            return;
        }
        waiting.add(frame);
        answerNext(ctx);
    }

    private void answerNext(ChannelHandlerContext ctx) {
        if (busy) return;
        Object frame = waiting.poll();
        if (frame == null) {
            ctx.channel().config().setAutoRead(true);
            return;
        }
        busy = true;
        ctx.channel().config().setAutoRead(false);
        answer(frame).whenComplete((ack, error) -> ctx.executor().execute(() -> {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(MllpFraming.frame(ack)));
            busy = false;
            answerNext(ctx);
        }));
    }

    private CompletionStage<byte[]> answer(Object frame) {
        ZonedDateTime now = ZonedDateTime.now(listener.context().clock());
        if (frame instanceof MllpFrameDecoder.Oversize big) return CompletableFuture.completedFuture(rejectOversize(big, now));
        byte[] message = ((MllpFrameDecoder.Frame) frame).message();
        Hl7Input input;
        try {
            input = Hl7Input.read(message); // the header alone; the intake reads on from here, once
        } catch (Hl7ParseException e) {
            listener.context().log().warn("rejected " + message.length + " bytes from " + remote + " (AR): " + e.problem());
            return CompletableFuture.completedFuture(Hl7Ack.rejectUnreadable("not an HL7 v2 message: " + e.problem(),
                    listener.nextAckId(), now));
        }
        Hl7Header header = input.header();
        if (listener.stopping()) {
            return CompletableFuture.completedFuture(Hl7Ack.build(header, AckCode.AE,
                    "the receiver is stopping; send it again shortly", listener.nextAckId(), now));
        }
        listener.submissionStarted();
        CompletionStage<Receipt> receipt;
        try {
            receipt = intake.submit(InboundMessage.of(input).withOrigin(Map.of("remote", remote)));
        } catch (RuntimeException e) {
            receipt = CompletableFuture.failedFuture(e);
        }
        return receipt.handle((stored, error) -> {
            try {
                ZonedDateTime answeredAt = ZonedDateTime.now(listener.context().clock());
                if (error == null) return Hl7Ack.build(header, AckCode.AA, "", listener.nextAckId(), answeredAt);
                String reason = reason(error);
                listener.context().log().warn("message " + header.controlId().orElse("?") + " from " + remote
                        + " not stored, answered AE: " + reason);
                return Hl7Ack.build(header, AckCode.AE, "not stored, send it again: " + reason, listener.nextAckId(), answeredAt);
            } finally {
                listener.submissionAnswered();
            }
        });
    }

    private byte[] rejectOversize(MllpFrameDecoder.Oversize big, ZonedDateTime now) {
        String reason = "the message is " + big.length() + " bytes; this listener accepts at most "
                + listener.maxFrameBytes() + " (max_frame)";
        listener.context().log().warn("rejected a message from " + remote + " (AR): " + reason);
        try {
            return Hl7Ack.build(Hl7Header.read(big.head()), AckCode.AR, reason, listener.nextAckId(), now);
        } catch (Hl7ParseException e) {
            return Hl7Ack.rejectUnreadable(reason, listener.nextAckId(), now);
        }
    }

    private static String reason(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof IntakeException ? cause.getMessage() : "storing failed (" + cause + ")";
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent && !busy) ctx.close();
        else super.userEventTriggered(ctx, event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        listener.context().log().debug("connection from " + remote + " closed: " + cause);
        ctx.close();
    }
}
