package io.ductus.connector.mllp;

import io.ductus.sdk.hl7.MllpFraming;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.listener.ReceiveBudget;
import io.ductus.connector.listener.Receiving;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Frames cut from the byte stream on Netty's test channel (time frozen): a frame refused as soon as it passes
 * max_frame or the budget, a deadline from its start byte, end bytes that came inside a message.
 */
class MllpFrameDecoderTest {

    private final ReceiveBudget budget = new ReceiveBudget(ReceiveBudget.MIN_BYTES);
    private final Receiving receiving = new Receiving(budget, Duration.ofSeconds(60));
    private final List<Long> tooSlow = new ArrayList<>();
    private final EmbeddedChannel channel = channel();

    private EmbeddedChannel channel() {
        EmbeddedChannel c = new EmbeddedChannel();
        c.freezeTime();
        c.pipeline().addLast(new MllpFrameDecoder(64, receiving, (ctx, received) -> tooSlow.add(received)));
        return c;
    }

    @Test
    void decodes_a_frame_split_across_reads() {
        write("\u000BMSH|^~\\&|A");
        assertThat((Object) channel.readInbound()).isNull();
        write("|B\r\u001C\r");
        assertThat(text(channel.readInbound())).isEqualTo("MSH|^~\\&|A|B\r");
    }

    @Test
    void decodes_two_frames_in_one_read_in_order() {
        write("\u000BONE\u001C\r\u000BTWO\u001C\r");
        assertThat(text(channel.readInbound())).isEqualTo("ONE");
        assertThat(text(channel.readInbound())).isEqualTo("TWO");
    }

    @Test
    void skips_bytes_between_frames() {
        write("\r\n noise \u000BMSG\u001C\r\n\n\u000BNEXT\u001C");
        assertThat(text(channel.readInbound())).isEqualTo("MSG");
        assertThat(text(channel.readInbound())).isEqualTo("NEXT");
    }

    @Test
    void refuses_an_oversize_frame_as_soon_as_it_passes_the_maximum_with_its_head_and_recovers() {
        String big = "MSH|" + "x".repeat(200);
        write("\u000B" + big.substring(0, 100));
        MllpFrameDecoder.Oversize oversize = channel.readInbound(); // before the rest of it came
        assertThat(oversize.received()).isEqualTo(100);
        assertThat(new String(oversize.head(), StandardCharsets.ISO_8859_1)).startsWith("MSH|");
        write(big.substring(100) + "\u001C\r\u000BSMALL\u001C\r");
        assertThat(text(channel.readInbound())).isEqualTo("SMALL");
        assertThat((Object) channel.readInbound()).isNull();
        assertThat(budget.held()).as("only SMALL, until it is answered").isEqualTo(5);
    }

    @Test
    void refuses_a_frame_the_budget_cannot_hold_keeps_none_of_it_and_takes_the_next() {
        assertThat(budget.take(ReceiveBudget.MIN_BYTES - 20, 1)).isTrue(); // the rest of the engine holds all but 20 bytes
        String head = "MSH|^~\\&|A|" + "y".repeat(30);
        write("\u000B" + head);
        MllpFrameDecoder.OverBudget over = channel.readInbound();
        assertThat(over.received()).isEqualTo(head.length());
        assertThat(new String(over.head(), StandardCharsets.ISO_8859_1)).startsWith("MSH|");
        write("z".repeat(10) + "\u001C\r\u000BSMALL\u001C\r");
        assertThat(text(channel.readInbound())).isEqualTo("SMALL");
        assertThat(budget.held()).isEqualTo(ReceiveBudget.MIN_BYTES - 20 + 5);
        receiving.answered(5);
        assertThat(budget.held()).isEqualTo(ReceiveBudget.MIN_BYTES - 20);
    }

    @Test
    void a_frame_not_whole_within_the_deadline_of_its_start_byte_is_cut_off_however_slowly_it_dribbles() {
        write("\u000BM");
        for (int i = 0; i < 5; i++) {
            channel.advanceTimeBy(10, TimeUnit.SECONDS);
            channel.runScheduledPendingTasks();
            write("S");
        }
        assertThat(tooSlow).isEmpty();
        channel.advanceTimeBy(11, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(tooSlow).containsExactly(6L);
    }

    @Test
    void the_deadline_stops_when_the_frame_is_whole() {
        write("\u000BMSH|\u001C\r");
        channel.advanceTimeBy(5, TimeUnit.MINUTES);
        channel.runScheduledPendingTasks();
        assertThat(tooSlow).isEmpty();
        assertThat(text(channel.readInbound())).isEqualTo("MSH|");
    }

    @Test
    void end_bytes_followed_at_once_by_more_of_the_message_are_marked() {
        write("\u000BMSH|^~\\&|A\u001C\rPID|1\r\u000BNEXT\u001C\r");
        MllpFrameDecoder.Frame cut = channel.readInbound();
        assertThat(cut.strayAfter()).isTrue();
        MllpFrameDecoder.Frame next = channel.readInbound();
        assertThat(next.strayAfter()).isFalse();
    }

    @Test
    void a_closed_connection_gives_back_what_it_held() {
        write("\u000BONE\u001C\r\u000BTW");
        assertThat(budget.held()).isEqualTo(5);
        channel.finish();
        assertThat(budget.held()).isZero();
    }

    @Test
    void keeps_every_byte_of_the_message() {
        byte[] message = new byte[50];
        for (int i = 0; i < message.length; i++) message[i] = (byte) (0x80 + i);
        channel.writeInbound(Unpooled.wrappedBuffer(MllpFraming.frame(message)));
        MllpFrameDecoder.Frame frame = channel.readInbound();
        assertThat(frame.message()).isEqualTo(message);
    }

    @Test
    void a_connection_closed_inside_a_frame_reports_the_bytes_received_once() {
        write("\u000BONE\u001C\r\u000BMSH|^~\\&|A|B");
        assertThat(text(channel.readInbound())).isEqualTo("ONE");
        channel.finish();
        MllpFrameDecoder.Truncated cut = channel.readInbound();
        assertThat(cut.received()).isEqualTo("MSH|^~\\&|A|B".length());
        assertThat((Object) channel.readInbound()).isNull();
    }

    @Test
    void a_connection_closed_between_frames_reports_nothing() {
        write("\u000BONE\u001C\r");
        channel.readInbound();
        channel.finish();
        assertThat((Object) channel.readInbound()).isNull();
    }

    @Test
    void a_connection_closed_inside_an_oversize_frame_reports_all_it_sent() {
        write("\u000B" + "x".repeat(100));
        write("y".repeat(50));
        channel.finish();
        assertThat((Object) channel.readInbound()).isInstanceOf(MllpFrameDecoder.Oversize.class);
        MllpFrameDecoder.Truncated cut = channel.readInbound();
        assertThat(cut.received()).isEqualTo(150);
    }

    private void write(String s) {
        channel.writeInbound(Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.ISO_8859_1)));
    }

    private static String text(Object frame) {
        return new String(((MllpFrameDecoder.Frame) frame).message(), StandardCharsets.ISO_8859_1);
    }
}
