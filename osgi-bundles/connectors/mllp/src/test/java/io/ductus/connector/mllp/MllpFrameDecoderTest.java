package io.ductus.connector.mllp;

import io.ductus.sdk.hl7.MllpFraming;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MllpFrameDecoderTest {

    private final EmbeddedChannel channel = new EmbeddedChannel(new MllpFrameDecoder(64));

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
    void reports_an_oversize_frame_with_its_head_and_length_and_recovers() {
        String big = "MSH|" + "x".repeat(200);
        write("\u000B" + big.substring(0, 100));
        write(big.substring(100) + "\u001C\r\u000BSMALL\u001C\r");

        MllpFrameDecoder.Oversize oversize = channel.readInbound();
        assertThat(oversize.length()).isEqualTo(big.length());
        assertThat(new String(oversize.head(), StandardCharsets.ISO_8859_1)).startsWith("MSH|");
        assertThat(text(channel.readInbound())).isEqualTo("SMALL");
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
