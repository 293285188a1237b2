package io.ductus.connector.listener;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Refusals are all counted, and logged once a minute per listener, kind and sender, with what was left unsaid. */
class RefusalsTest {

    private final AtomicLong now = new AtomicLong();
    private final Refusals refusals = new Refusals(now::get);
    private final List<String> lines = new ArrayList<>();

    @Test
    void a_sender_refused_again_and_again_makes_one_line_a_minute_and_every_refusal_is_counted() throws Exception {
        InetAddress scanner = InetAddress.getByName("10.0.0.7");
        for (int i = 0; i < 500; i++) refusals.refused("adt", "connections_per_address", scanner, "already 32", lines::add);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("refused 10.0.0.7 (connections_per_address): already 32");
        now.addAndGet(TimeUnit.SECONDS.toNanos(61));
        refusals.refused("adt", "connections_per_address", scanner, "already 32", lines::add);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).contains("499 more such refusal(s) of 10.0.0.7 in the minute before");
        assertThat(refusals.count("adt", "connections_per_address")).isEqualTo(501);
    }

    @Test
    void each_kind_and_each_sender_has_its_own_line() throws Exception {
        InetAddress a = InetAddress.getByName("10.0.0.1");
        InetAddress b = InetAddress.getByName("10.0.0.2");
        refusals.refused("adt", "max_frame", a, "too large", lines::add);
        refusals.refused("adt", "frame_timeout", a, "too slow", lines::add);
        refusals.refused("adt", "max_frame", b, "too large", lines::add);
        refusals.refused("lab", "max_frame", a, "too large", lines::add);
        assertThat(lines).hasSize(4);
        assertThat(refusals.counts()).hasSize(3);
    }
}
