package io.ductus.connector.mllp;

import io.ductus.format.mllp.MllpFraming;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts a byte stream into MLLP frames. Bytes between frames (stray CR/LF, noise) are skipped. A frame
 * longer than the maximum is not kept: its first bytes are, so the receiver can still answer with an
 * ACK naming the message, and an {@link Oversize} is emitted once its end arrives. A connection that closes
 * inside a frame emits one {@link Truncated} with the bytes it had sent of it.
 */
final class MllpFrameDecoder extends ByteToMessageDecoder {

    /** A complete frame's content, without VT and FS CR. */
    record Frame(byte[] message) {
    }

    /** A frame that exceeded the maximum: its first bytes and its full length. */
    record Oversize(byte[] head, long length) {
    }

    /** The connection closed after a frame's start byte and before its end bytes: {@code received} bytes of it came. */
    record Truncated(long received) {
    }

    static final int HEAD_KEPT = 8 * 1024;

    private enum State { BETWEEN_FRAMES, IN_FRAME, DISCARDING }

    private final int maxFrameBytes;
    private State state = State.BETWEEN_FRAMES;
    private byte[] discardedHead;
    private long discardedLength;

    MllpFrameDecoder(int maxFrameBytes) {
        this.maxFrameBytes = maxFrameBytes;
    }

    /** The connection closed: after the frames still buffered, a frame begun and not ended is reported once. */
    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        decode(ctx, in, out);
        if (state == State.IN_FRAME) out.add(new Truncated(in.readableBytes()));
        else if (state == State.DISCARDING) out.add(new Truncated(discardedLength + in.readableBytes()));
        in.skipBytes(in.readableBytes());
        state = State.BETWEEN_FRAMES;
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
                }
                case IN_FRAME -> {
                    int end = in.indexOf(in.readerIndex(), in.writerIndex(), MllpFraming.END);
                    int length = (end < 0 ? in.writerIndex() : end) - in.readerIndex();
                    if (length > maxFrameBytes) {
                        discardedHead = ByteBufUtil.getBytes(in, in.readerIndex(), Math.min(HEAD_KEPT, length));
                        discardedLength = 0;
                        state = State.DISCARDING;
                        continue;
                    }
                    if (end < 0) return; // wait for more
                    out.add(new Frame(ByteBufUtil.getBytes(in, in.readerIndex(), length)));
                    in.readerIndex(end + 1);
                    state = State.BETWEEN_FRAMES;
                }
                case DISCARDING -> {
                    int end = in.indexOf(in.readerIndex(), in.writerIndex(), MllpFraming.END);
                    int length = (end < 0 ? in.writerIndex() : end) - in.readerIndex();
                    discardedLength += length;
                    in.skipBytes(length);
                    if (end < 0) return;
                    in.skipBytes(1);
                    out.add(new Oversize(discardedHead, discardedLength));
                    discardedHead = null;
                    state = State.BETWEEN_FRAMES;
                }
            }
        }
    }
}
