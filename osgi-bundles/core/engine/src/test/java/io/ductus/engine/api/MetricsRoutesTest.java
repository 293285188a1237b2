package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.hl7.AckCode;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GET /metrics over real HTTP after real traffic through the real runtime. */
class MetricsRoutesTest {

    private static ApiFixture fixture;
    private static String viewer;
    private static String text;

    @BeforeAll
    static void trafficThenScrape() throws Exception {
        fixture = ApiFixture.withInterfaces();
        viewer = fixture.token("viewer");
        fixture.runtime().interfaces().pause("adt", "lab");
        assertThat(fixture.sendHl7("M1", "P1")).isEqualTo(AckCode.AA);
        assertThat(fixture.sendHl7("M1", "P1")).as("a duplicate: same control id").isEqualTo(AckCode.AA);
        assertThat(fixture.sendHl7("M2", "P2")).isEqualTo(AckCode.AA);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        do {
            text = scrape().body();
            Thread.sleep(20);
        } while (!text.contains("ductus_deliveries_total{destination=\"archive\",interface=\"adt\",outcome=\"sent\"} 2.0")
                && System.nanoTime() < deadline);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void is_prometheus_text_for_a_viewer() throws Exception {
        HttpResponse<String> r = scrape();
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("text/plain; version=0.0.4; charset=utf-8");
        assertThat(text).contains("# TYPE ductus_messages_received_total counter");
    }

    @Test
    void counts_received_messages_and_duplicates() {
        assertThat(text).contains("ductus_messages_received_total{interface=\"adt\"} 3.0");
        assertThat(text).contains("ductus_messages_duplicate_total{interface=\"adt\"} 1.0");
    }

    @Test
    void counts_deliveries_by_outcome_and_times_them() {
        assertThat(text).contains("ductus_deliveries_total{destination=\"archive\",interface=\"adt\",outcome=\"sent\"} 2.0");
        assertThat(text).contains("ductus_deliveries_total{destination=\"archive\",interface=\"adt\",outcome=\"quarantined\"} 0.0");
        assertThat(text).contains("ductus_delivery_retries_total{destination=\"archive\",interface=\"adt\"} 0.0");
        assertThat(text).contains("ductus_delivery_latency_seconds_count{destination=\"archive\",interface=\"adt\"} 2");
        assertThat(text).contains("ductus_send_seconds_count{destination=\"archive\",interface=\"adt\"} 2");
        assertThat(text).contains("ductus_delivery_latency_seconds_bucket{destination=\"archive\",interface=\"adt\",le=\"3600.0\"} 2");
        assertThat(text).contains("ductus_transform_seconds_count{destination=\"archive\",interface=\"adt\"} 0");
    }

    @Test
    void reads_the_queues_the_interfaces_and_the_drain_at_the_scrape() {
        assertThat(text).contains("ductus_queue_pending{destination=\"lab\",interface=\"adt\"} 2.0");
        assertThat(text).contains("ductus_queue_pending{destination=\"archive\",interface=\"adt\"} 0.0");
        assertThat(text).contains("ductus_queue_quarantined{destination=\"lab\",interface=\"adt\"} 0.0");
        assertThat(text).contains("ductus_interface_stopped{interface=\"adt\"} 0.0");
        assertThat(text).contains("ductus_draining 0.0");
    }

    private static HttpResponse<String> scrape() throws Exception {
        return fixture.withToken("GET", "/metrics", viewer, null);
    }
}
