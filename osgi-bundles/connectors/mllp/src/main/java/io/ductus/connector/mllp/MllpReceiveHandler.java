package io.ductus.connector.mllp;

import io.ductus.connector.listener.NettyListener;
import io.ductus.connector.listener.Receiving;
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
import java.util.concurrent.TimeUnit;

/**
 * One connection's messages, answered strictly in arrival order: the next frame is not submitted before
 * the previous one was answered, and reading pauses once a frame arrives while another is in flight (a sender
 * that waits for each ACK never makes it pause: turning reading off and on again for every message cost two
 * system calls each).
 * A message is refused (AR, with the reason) when it is not HL7, lacks MSH-9 or MSH-10 (what a frame cut
 * short by end bytes inside the message looks like), was followed at once by more of itself after its end
 * bytes, or is too large; it gets AE when the engine may not hold more at once, when storing failed and while
 * the listener stops. Log lines quote sizes and positions, never the message.
 *
 * <p>A frame refused because the budget of bytes in flight is spent ends its connection: after the AE nothing
 * more is read from it, and it closes {@link #HANG_UP_AFTER_MS} ms later (time for the sender to read the AE).
 * Reading and skipping the rest of it would not hold memory but would take the event loops: a hundred senders
 * each pushing 15 MB at once kept them busy while a real sender on the same loops waited for its ACK. The
 * sender sends it again on a new connection, as after any AE.
 */
final class MllpReceiveHandler extends ChannelInboundHandlerAdapter {

    private final MllpListener listener;
    private final Intake intake;
    private final Receiving receiving;
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    private boolean busy;
    private boolean paused; // reading turned off: a frame came while another was in flight
    static final long HANG_UP_AFTER_MS = 2_000;
    private String remote = "?";

    MllpReceiveHandler(MllpListener listener, Intake intake, Receiving receiving) {
        this.listener = listener;
        this.intake = intake;
        this.receiving = receiving;
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
        if (busy && !paused) { // the sender did not wait for the ACK: read no more until the queue is answered
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
        answerNext(ctx);
    }

    private void answerNext(ChannelHandlerContext ctx) {
        if (busy) return;
        Object frame = waiting.poll();
        if (frame == null) {
            if (paused) {
                paused = false;
                ctx.channel().config().setAutoRead(true);
            }
            return;
        }
        busy = true;
        AckSteps.Answer step = new AckSteps.Answer();
        step.begin();
        answer(ctx, frame).whenComplete((ack, error) -> {
            AckSteps.BackToConnection back = new AckSteps.BackToConnection();
            back.begin();
            ctx.executor().execute(() -> {
                back.commit();
                AckSteps.AckWrite write = new AckSteps.AckWrite();
                write.begin();
                ctx.writeAndFlush(Unpooled.wrappedBuffer(MllpFraming.frame(ack))).addListener(written -> {
                    write.commit();
                    step.commit();
                });
                if (frame instanceof MllpFrameDecoder.OverBudget) { // stays busy: nothing more is read or answered
                    paused = true;
                    ctx.channel().config().setAutoRead(false);
                    ctx.executor().schedule(() -> ctx.close(), HANG_UP_AFTER_MS, TimeUnit.MILLISECONDS);
                    return;
                }
                if (frame instanceof MllpFrameDecoder.Frame f) receiving.answered(f.message().length);
                busy = false;
                answerNext(ctx);
            });
        });
    }

    private CompletionStage<byte[]> answer(ChannelHandlerContext ctx, Object frame) {
        AckSteps.HeaderRead headerRead = new AckSteps.HeaderRead();
        headerRead.begin();
        ZonedDateTime now = ZonedDateTime.now(listener.context().clock());
        if (frame instanceof MllpFrameDecoder.Oversize big) return CompletableFuture.completedFuture(rejectOversize(ctx, big, now));
        if (frame instanceof MllpFrameDecoder.OverBudget over) return CompletableFuture.completedFuture(overBudget(ctx, over, now));
        MllpFrameDecoder.Frame received = (MllpFrameDecoder.Frame) frame;
        byte[] message = received.message();
        Hl7Input input;
        try {
            input = Hl7Input.read(message); // the header alone; the intake reads on from here, once
        } catch (Hl7ParseException e) {
            listener.refused(ctx.channel(), "not_hl7", "a message of " + message.length + " bytes is not HL7 v2 (segment "
                    + e.segment() + "); answered AR with the reason");
            return CompletableFuture.completedFuture(Hl7Ack.rejectUnreadable("not an HL7 v2 message: " + e.problem(),
                    Hl7Header.controlIdOf(message).orElse(""), listener.nextAckId(), now));
        }
        Hl7Header header = input.header();
        String incomplete = incomplete(header, received);
        if (incomplete != null) {
            listener.refused(ctx.channel(), "incomplete", "a message of " + message.length + " bytes " + incomplete
                    + "; answered AR");
            return CompletableFuture.completedFuture(Hl7Ack.build(header, AckCode.AR, "the message " + incomplete
                    + "; nothing was stored: send it whole", listener.nextAckId(), now));
        }
        if (listener.stopping()) {
            return CompletableFuture.completedFuture(Hl7Ack.build(header, AckCode.AE,
                    "the receiver is stopping; send it again shortly", listener.nextAckId(), now));
        }
        listener.submissionStarted();
        headerRead.commit();
        AckSteps.Intake intakeStep = new AckSteps.Intake();
        intakeStep.begin();
        CompletionStage<Receipt> receipt;
        try {
            receipt = intake.submit(InboundMessage.of(input).withOrigin(Map.of("remote", remote)));
        } catch (RuntimeException e) {
            receipt = CompletableFuture.failedFuture(e);
        }
        return receipt.handle((result, error) -> {
            intakeStep.commit();
            try {
                ZonedDateTime answeredAt = ZonedDateTime.now(listener.context().clock());
                if (error == null) return Hl7Ack.build(header, AckCode.AA, "", listener.nextAckId(), answeredAt);
                String reason = reason(error);
                listener.context().log().warn("a message of " + message.length + " bytes from " + remote
                        + " was not stored, answered AE: " + reason);
                return Hl7Ack.build(header, AckCode.AE, "not stored, send it again: " + reason, listener.nextAckId(), answeredAt);
            } finally {
                listener.submissionAnswered();
            }
        });
    }

    /**
     * Why a frame that reads as HL7 is not a whole message, or null: it lacks MSH-9 or MSH-10 (a frame whose end
     * bytes came inside its header), or more of it followed its end bytes at once.
     */
    private static String incomplete(Hl7Header header, MllpFrameDecoder.Frame frame) {
        if (header.field(9).isEmpty()) return "has no MSH-9 (message type): it may have been cut short by end bytes (FS) inside it";
        // An empty MSH-10 with the header going on (MSH-11, MSH-12) is a sender's choice, seen in the wild (HAPI
        // reads such messages); a header that stops before its MSH-10 was cut short.
        if (header.controlId().isEmpty() && header.field(11).isEmpty() && header.field(12).isEmpty()) {
            return "has no MSH-10 (message control id) and its header ends there: it may have been cut short by end bytes (FS)"
                    + " inside it";
        }
        if (frame.strayAfter()) {
            return "was followed at once by more bytes that are not a new frame: its end bytes (FS CR) came in the middle of it"
                    + " (after " + frame.message().length + " bytes)";
        }
        return null;
    }

    private byte[] rejectOversize(ChannelHandlerContext ctx, MllpFrameDecoder.Oversize big, ZonedDateTime now) {
        String reason = "the message is longer than this listener accepts, at most " + listener.maxFrameBytes()
                + " bytes (max_frame): refused after its first " + big.received() + " bytes; the rest of it is skipped";
        listener.refused(ctx.channel(), "max_frame", reason + "; answered AR");
        return ackFromHead(big.head(), AckCode.AR, reason, now);
    }

    private byte[] overBudget(ChannelHandlerContext ctx, MllpFrameDecoder.OverBudget over, ZonedDateTime now) {
        String reason = "the receiver is taking in as much as it may hold at once; send it again shortly";
        listener.refused(ctx.channel(), "bytes_in_flight", "a frame refused after its first " + over.received()
                + " bytes: the engine's budget of bytes in flight (limits.bytes_in_flight_mb) is spent; answered AE");
        return ackFromHead(over.head(), AckCode.AE, reason, now);
    }

    private byte[] ackFromHead(byte[] head, AckCode code, String reason, ZonedDateTime now) {
        try {
            return Hl7Ack.build(Hl7Header.read(head), code, reason, listener.nextAckId(), now);
        } catch (Hl7ParseException e) {
            return Hl7Ack.rejectUnreadable(reason, Hl7Header.controlIdOf(head).orElse(""), listener.nextAckId(), now);
        }
    }

    private static String reason(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof IntakeException ? cause.getMessage() : "storing failed";
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
