package io.ductus.connector.mllp;

import io.ductus.format.ack.AckControlIds;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.config.FieldType;
import io.ductus.connector.listener.EventLoops;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.TlsSettings;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** The {@code mllp} connector type: HL7 v2 over MLLP, as a listener (source) and a client (destination). */
@Component(service = ConnectorFactory.class)
public final class MllpConnectorFactory implements ConnectorFactory {

    static final ConnectorType TYPE = ConnectorType.sourceAndDestination("mllp",
            "HL7 v2 over MLLP: a listener that stores each message before answering AA, and a client that waits for the receiver's ACK.",
            TlsSettings.source(ConfigSchema.builder()
                    .required("listen", FieldType.HOST_PORT, "address to listen on, such as 127.0.0.1:6661 or 0.0.0.0:6661")
                    .optional("max_frame", FieldType.INTEGER, 16 * 1024 * 1024, "largest message accepted, in bytes; larger ones get AR")
                    .optional("idle_timeout", FieldType.DURATION, "10m", "close a connection that sent nothing for this long")
                    .optional("max_connections", FieldType.INTEGER, 512, "connections accepted at once; more are closed at once")
                    .optional("max_connections_per_address", FieldType.INTEGER, 32, "connections accepted at once from one"
                            + " address; more from it are closed at once, so that one sender cannot take them all")
                    .optional("frame_timeout", FieldType.DURATION, "1m", "a message must come whole within this of its start"
                            + " byte; a connection whose message takes longer is closed"))
                    .build(),
            TlsSettings.destination(ConfigSchema.builder()
                    .required("connect", FieldType.HOST_PORT, "the receiver's address, such as lab.example.org:7001")
                    .optional("ack_timeout", FieldType.DURATION, "30s", "how long to wait for the receiver's ACK before retrying")
                    .optional("connect_timeout", FieldType.DURATION, "10s", "how long to wait for a connection")
                    .optional("keep_bytes", FieldType.BOOLEAN, false, "send the stored bytes exactly as they are; by default"
                            + " LF and CRLF segment ends become CR, as HL7 over MLLP expects"), true)
                    .build());

    /** The control ids of every listener's ACKs: made once, so they repeat neither across listeners nor restarts. */
    private AckControlIds ackIds;

    /** The engine's event loops (a DS service shared by every listener), or this factory's own outside OSGi. */
    private final EventLoops loops;
    private final boolean ownLoops;
    /** The engine's budget of bytes in flight and its refusal counts, shared by every listener. */
    private final ListenerLimits limits;
    /** The engine's named certificates (resources.yaml), for TLS on listeners and connections. */
    private final Certificates certificates;

    /** In the engine: the event loops, limits and certificates every listener shares. */
    @Activate
    public MllpConnectorFactory(@Reference EventLoops loops, @Reference ListenerLimits limits, @Reference Certificates certificates) {
        this.loops = loops;
        this.ownLoops = false;
        this.limits = limits;
        this.certificates = certificates;
    }

    /** Outside OSGi (tests): event loops of its own, closed by {@link #release()}, the given limits and certificates. */
    public MllpConnectorFactory(ListenerLimits limits, Certificates certificates) {
        this.loops = new EventLoops();
        this.ownLoops = true;
        this.limits = limits;
        this.certificates = certificates;
    }

    /** Outside OSGi (tests): event loops of its own, the given limits, no certificates. */
    public MllpConnectorFactory(ListenerLimits limits) {
        this(limits, new Certificates());
    }

    /** Outside OSGi (tests): event loops of its own and the default limits. */
    public MllpConnectorFactory() {
        this(ListenerLimits.defaults());
    }

    @Override
    public ConnectorType type() {
        return TYPE;
    }

    /** The bundle is stopping: the engine has stopped every listener by now. */
    @Deactivate
    void release() {
        if (ownLoops) loops.close();
    }

    private synchronized AckControlIds ackIds(ConnectorContext context) {
        if (ackIds == null) ackIds = new AckControlIds(context.clock().instant());
        return ackIds;
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        return role == Role.SOURCE ? TlsSettings.checkSource(config) : List.of();
    }

    @Override
    public Source createSource(ConnectorConfig config, ConnectorContext context) {
        MllpListener.Security security = new MllpListener.Security(TlsSettings.server(config, certificates),
                TlsSettings.allow(config, context.log()::warn));
        return new MllpListener(new MllpListener.Settings(config.hostPort("listen"), (int) config.integer("max_frame"),
                config.duration("idle_timeout"), (int) config.integer("max_connections"),
                (int) config.integer("max_connections_per_address"), config.duration("frame_timeout")), loops, limits,
                ackIds(context), context, security);
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new MllpClient(config.hostPort("connect"), config.duration("connect_timeout"), config.duration("ack_timeout"),
                config.bool("keep_bytes"), context, TlsSettings.client(config, certificates, false));
    }
}
