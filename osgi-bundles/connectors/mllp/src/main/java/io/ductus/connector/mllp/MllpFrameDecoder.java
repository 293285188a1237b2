package io.ductus.connector.mllp;

import io.ductus.connector.listener.Receiving;
import io.ductus.format.mllp.MllpFraming;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts a byte stream into MLLP frames. Bytes between frames (stray CR/LF, noise) are skipped. What a
 * connection holds of a frame counts against the engine's budget of bytes in flight ({@link Receiving}),
 * and a frame must come whole within the deadline of its start byte (else the connection is closed). A
 * frame is refused as soon as it passes the maximum ({@link Oversize}) or the budget refuses more of it
 * ({@link OverBudget}): its first bytes are kept, so the receiver can still answer with an ACK naming the
 * message, and the rest of it is skipped up to its end bytes. A frame whose end bytes are followed at once
 * by more of the message (not by the next frame's start) says so ({@link Frame#strayAfter}): its end bytes
 * came mid-message. A connection that closes inside a frame emits one {@link Truncated} with the bytes it
 * had sent of it.
 */
final class MllpFrameDecoder extends ByteToMessageDecoder {

    /**
     * A complete frame's content, without VT and FS CR.
     *
     * @param strayAfter bytes other than a line break or the next frame's start followed its end bytes at once
     */
    record Frame(byte[] message, boolean strayAfter) {
    }

    /** A frame refused as it passed the maximum: its first bytes and how much of it had come. */
    record Oversize(byte[] head, long received) {
    }

    /** A frame refused because the engine's budget of bytes in flight was spent: its first bytes and how much had come. */
    record OverBudget(byte[] head, long received) {
    }

    /** The connection closed after a frame's start byte and before its end bytes: {@code received} bytes of it came. */
    record Truncated(long received) {
    }

    /** What to do when a frame does not come whole in time. */
    @FunctionalInterface
    interface Deadline {
        void passed(ChannelHandlerContext ctx, long received);
    }

    static final int HEAD_KEPT = 8 * 1024;

    private enum State { BETWEEN_FRAMES, IN_FRAME, DISCARDING }

    private final int maxFrameBytes;
    private final Receiving receiving;
    private final Deadline deadline;
    private State state = State.BETWEEN_FRAMES;
    private long discarded;
    private long inFrame;
    /**
     * How much of the frame begun at the reader index was already searched for its end bytes: each read searches
     * only what it brought. Searching from the frame's start every time made a 15 MB frame arriving in 64 KB reads
     * cost gigabytes of scanning, and a hundred of them kept every event loop busy for seconds while a real
     * sender on the same loops waited for its ACK.
     */
    private int searched;

    MllpFrameDecoder(int maxFrameBytes, Receiving receiving, Deadline deadline) {
        this.maxFrameBytes = maxFrameBytes;
        this.receiving = receiving;
        this.deadline = deadline;
    }

    /** The connection closed: after the frames still buffered, a frame begun and not ended is reported once. */
    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        decode(ctx, in, out);
        if (state == State.IN_FRAME) out.add(new Truncated(in.readableBytes()));
        else if (state == State.DISCARDING) out.add(new Truncated(discarded + in.readableBytes()));
        in.skipBytes(in.readableBytes());
        state = State.BETWEEN_FRAMES;
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        receiving.closed();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        super.channelInactive(ctx);
        receiving.closed();
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.isReadable()) {
            switch (state) {
                case BETWEEN_FRAMES -> {
                    int start = in.indexOf(in.readerIndex(), in.writerIndex(), MllpFraming.START);
                    if (start < 0) {
                        in.skipBytes(in.readableBytes());
                        return;
                    }
                    in.readerIndex(start + 1);
                    state = State.IN_FRAME;
                    searched = 0;
                }
                case IN_FRAME -> {
                    int end = in.indexOf(in.readerIndex() + searched, in.writerIndex(), MllpFraming.END);
                    // The deadline runs from the start byte; a frame that came whole with it needs none (most
                    // do: scheduling and cancelling a timer for each of them was work on every message).
                    if (end < 0) receiving.begin(ctx, () -> deadline.passed(ctx, inFrame));
                    int length = (end < 0 ? in.writerIndex() : end) - in.readerIndex();
                    searched = length;
                    inFrame = length;
                    if (length > maxFrameBytes) {
                        out.add(new Oversize(head(in, length), length));
                        discard(in, end, length);
                        continue;
                    }
                    if (!receiving.holds(length)) {
                        out.add(new OverBudget(head(in, length), length));
                        discard(in, end, length);
                        continue;
                    }
                    if (end < 0) return; // wait for more
                    byte[] message = ByteBufUtil.getBytes(in, in.readerIndex(), length);
                    in.readerIndex(end + 1);
                    receiving.completed();
                    state = State.BETWEEN_FRAMES;
                    out.add(new Frame(message, strayFollows(in)));
                }
                case DISCARDING -> {
                    int end = in.indexOf(in.readerIndex(), in.writerIndex(), MllpFraming.END);
                    int length = (end < 0 ? in.writerIndex() : end) - in.readerIndex();
                    discarded += length;
                    inFrame = discarded;
                    in.skipBytes(length);
                    if (end < 0) return;
                    in.skipBytes(1);
                    receiving.ended();
                    state = State.BETWEEN_FRAMES;
                }
            }
        }
    }

    private static byte[] head(ByteBuf in, int length) {
        return ByteBufUtil.getBytes(in, in.readerIndex(), Math.min(HEAD_KEPT, length));
    }

    /** Skips what came of a refused frame; through its end bytes when they are here, else on until they come. */
    private void discard(ByteBuf in, int end, int length) {
        receiving.dropPartial();
        in.skipBytes(length);
        discarded = length;
        if (end < 0) {
            state = State.DISCARDING;
            return;
        }
        in.skipBytes(1);
        receiving.ended();
        state = State.BETWEEN_FRAMES;
    }

    /**
     * Whether bytes other than line breaks follow a frame's end at once, before any next start byte: then its
     * end bytes came in the middle of the message (only what has already arrived can tell).
     */
    private static boolean strayFollows(ByteBuf in) {
        for (int i = in.readerIndex(); i < in.writerIndex(); i++) {
            byte b = in.getByte(i);
            if (b == MllpFraming.START) return false;
            if (b != '\r' && b != '\n') return true;
        }
        return false;
    }
}
