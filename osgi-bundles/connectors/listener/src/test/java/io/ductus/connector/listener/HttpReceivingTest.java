package io.ductus.connector.listener;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An HTTP connection's requests: a deadline from their first byte, and their bodies against the engine's budget. */
class HttpReceivingTest {

    private final ReceiveBudget budget = new ReceiveBudget(ReceiveBudget.MIN_BYTES);
    private final List<String> refusals = new ArrayList<>();
    private final List<FullHttpRequest> requests = new ArrayList<>();

    private EmbeddedChannel channel(HttpReceiving receiving) {
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.freezeTime();
        channel.pipeline().addLast(receiving.bytes(), new HttpServerCodec(), receiving.requests(), new HttpObjectAggregator(1 << 20),
                new io.netty.channel.SimpleChannelInboundHandler<FullHttpRequest>() {
                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest msg) {
                        requests.add(msg.retain());
                    }
                });
        return channel;
    }

    private HttpReceiving receiving() {
        return new HttpReceiving(new Receiving(budget, Duration.ofSeconds(30)), Duration.ofSeconds(30), 1 << 20,
                (ctx, kind, status, detail) -> {
                    refusals.add(status + " " + kind);
                    ctx.close();
                });
    }

    @Test
    void a_client_sending_its_headers_a_line_at_a_time_is_cut_off_at_the_deadline() {
        EmbeddedChannel channel = channel(receiving());
        channel.writeInbound(text("POST /adt HTTP/1.1\r\n"));
        channel.advanceTimeBy(20, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        channel.writeInbound(text("Host: x\r\n"));
        assertThat(channel.isOpen()).isTrue();
        channel.advanceTimeBy(11, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
        assertThat(refusals).containsExactly("408 frame_timeout");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void a_request_that_comes_whole_in_time_stops_its_deadline_and_holds_its_body_until_answered() {
        HttpReceiving receiving = receiving();
        EmbeddedChannel channel = channel(receiving);
        channel.writeInbound(text("POST /adt HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"));
        assertThat(requests).hasSize(1);
        assertThat(budget.held()).isEqualTo(5);
        channel.advanceTimeBy(1, TimeUnit.HOURS);
        channel.runScheduledPendingTasks();
        assertThat(refusals).isEmpty();
        receiving.answered();
        assertThat(budget.held()).isZero();
        requests.forEach(FullHttpRequest::release);
    }

    @Test
    void a_body_the_budget_cannot_hold_is_refused_with_503_before_it_is_read() {
        assertThat(budget.take(ReceiveBudget.MIN_BYTES - 1000, 1)).isTrue(); // small frames of others hold all but 1000 bytes
        EmbeddedChannel channel = channel(receiving());
        channel.writeInbound(text("POST /adt HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n"));
        assertThat(refusals).containsExactly("503 bytes_in_flight");
        assertThat(requests).isEmpty();
        assertThat(channel.isOpen()).isFalse();
        assertThat(budget.held()).isEqualTo(ReceiveBudget.MIN_BYTES - 1000);
    }

    private static ByteBuf text(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }
}
