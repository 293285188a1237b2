package io.ductus.engine.monitor;

import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's counters and latency histograms, in memory, for GET /metrics (Prometheus text). They
 * start at zero with the engine. The hot path never takes a lock: each interface's and destination's
 * series are looked up once, when it starts ({@link #intake}, {@link #destination}), and then only add
 * to striped counters. Queue gauges are not kept here: they are read from the database at each scrape
 * ({@link EngineGauges}).
 */
public final class EngineMetrics {

    /** 17 buckets, seconds: 1, 2.5 and 5 per decade from 0.5 ms to 10 s, then 1 min, 5 min, 1 h. */
    static final double[] BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60, 300, 3600};

    public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter received;
    private final Counter duplicates;
    private final Counter deliveries;
    private final Counter retries;
    private final Histogram latency;
    private final Histogram transform;
    private final Histogram send;
    private final Histogram intake;
    private final Activity activity = new Activity();
    private volatile io.ductus.connector.listener.ListenerLimits listeners;
    private volatile io.ductus.connector.listener.tls.Certificates certificates;

    public EngineMetrics() {
        // Built from defaults, not from a prometheus.properties looked up on the context class loader,
        // which inside the OSGi framework is nobody's in particular.
        PrometheusProperties config = PrometheusProperties.builder().build();
        received = counter(config, "ductus_messages_received", "Messages stored by intake (duplicates included)", "interface");
        duplicates = counter(config, "ductus_messages_duplicate", "Messages stored as duplicates (dedupe key seen before; not delivered)",
                "interface");
        deliveries = counter(config, "ductus_deliveries", "Deliveries finished, by outcome: sent, filtered, quarantined",
                "interface", "destination", "outcome");
        retries = counter(config, "ductus_delivery_retries", "Delivery attempts that failed transiently and will be tried again",
                "interface", "destination");
        latency = histogram(config, "ductus_delivery_latency_seconds", "From receipt (stored) to handed over to the destination");
        transform = histogram(config, "ductus_transform_seconds", "Time in the destination's transform function");
        send = histogram(config, "ductus_send_seconds", "Time the destination connector took to send, sent or not");
        intake = Histogram.builder(config).name("ductus_intake_seconds")
                .help("From a source's submission to its commit: what a sender waits for its acknowledgement, less the network")
                .labelNames("interface").classicOnly().classicUpperBounds(BUCKETS).withoutExemplars().register(registry);
    }

    /** Shows the listeners' refusals and the budget of bytes in flight at each scrape. */
    public void watch(io.ductus.connector.listener.ListenerLimits limits) {
        this.listeners = limits;
    }

    /** Shows the certificates' expiry at each scrape (and to GET /api/v1/certificates). */
    public void watch(io.ductus.connector.listener.tls.Certificates certificates) {
        this.certificates = certificates;
    }

    /** The engine's certificates, or null outside the engine. */
    public io.ductus.connector.listener.tls.Certificates certificates() {
        return certificates;
    }

    private Counter counter(PrometheusProperties config, String name, String help, String... labels) {
        return Counter.builder(config).name(name).help(help).labelNames(labels).withoutExemplars().register(registry);
    }

    private Histogram histogram(PrometheusProperties config, String name, String help) {
        return Histogram.builder(config).name(name).help(help).labelNames("interface", "destination")
                .classicOnly().classicUpperBounds(BUCKETS).withoutExemplars().register(registry);
    }

    /** One interface's intake counters. */
    public IntakeMetrics intake(String interfaceName) {
        return new IntakeMetrics(received.labelValues(interfaceName), duplicates.labelValues(interfaceName),
                intake.labelValues(interfaceName), activity.of(interfaceName));
    }

    /** One destination's counters and histograms. */
    public DestinationMetrics destination(String interfaceName, String destination) {
        return new DestinationMetrics(
                deliveries.labelValues(interfaceName, destination, "sent"),
                deliveries.labelValues(interfaceName, destination, "filtered"),
                deliveries.labelValues(interfaceName, destination, "quarantined"),
                retries.labelValues(interfaceName, destination),
                latency.labelValues(interfaceName, destination),
                transform.labelValues(interfaceName, destination),
                send.labelValues(interfaceName, destination),
                activity.of(new io.ductus.store.DestinationRef(interfaceName, destination)));
    }

    /** What every interface and destination last did (health reads it). */
    public Activity activity() {
        return activity;
    }

    /** The counters and histograms now, followed by {@code more} (the gauges read for this scrape), as Prometheus text. */
    public byte[] scrape(MetricSnapshots more) {
        List<MetricSnapshot> all = new ArrayList<>();
        registry.scrape().forEach(all::add);
        more.forEach(all::add);
        if (listeners != null) all.addAll(ListenerGauges.of(listeners));
        if (certificates != null) all.addAll(CertificateGauges.of(certificates, java.time.Instant.now()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PrometheusTextFormatWriter.create().write(out, new MetricSnapshots(all));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
