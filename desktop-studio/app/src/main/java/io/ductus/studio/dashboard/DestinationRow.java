package io.ductus.studio.dashboard;

import io.ductus.client.model.Destination;
import java.time.Instant;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One destination on the dashboard: live properties the table binds to, changed in place by events. */
public final class DestinationRow {

    private final String interfaceName;
    private final String name;
    private final BooleanProperty paused = new SimpleBooleanProperty();
    private final StringProperty connectorType = new SimpleStringProperty();
    private final StringProperty connectorStatus = new SimpleStringProperty();
    private final StringProperty connectorDetail = new SimpleStringProperty();
    private final LongProperty pending = new SimpleLongProperty();
    private final LongProperty quarantined = new SimpleLongProperty();
    private final StringProperty health = new SimpleStringProperty("ok");
    private final StringProperty healthReason = new SimpleStringProperty();
    private final ObjectProperty<Instant> lastActivity = new SimpleObjectProperty<>();

    DestinationRow(String interfaceName, String name) {
        this.interfaceName = interfaceName;
        this.name = name;
    }

    void update(Destination d) {
        paused.set(d.paused());
        connectorType.set(d.connector() == null ? "" : d.connector().type());
        connectorStatus.set(d.connector() == null ? "" : d.connector().status());
        connectorDetail.set(d.connector() == null ? null : d.connector().detail());
        pending.set(d.pending());
        quarantined.set(d.quarantined());
        health.set(d.health() == null ? "unknown" : d.health().state());
        healthReason.set(d.health() == null ? null : d.health().reason());
        if (d.lastFinishedAt() != null) lastActivity.set(d.lastFinishedAt());
    }

    public String interfaceName() {
        return interfaceName;
    }

    public String name() {
        return name;
    }

    public BooleanProperty pausedProperty() {
        return paused;
    }

    public StringProperty connectorTypeProperty() {
        return connectorType;
    }

    public StringProperty connectorStatusProperty() {
        return connectorStatus;
    }

    public StringProperty connectorDetailProperty() {
        return connectorDetail;
    }

    public LongProperty pendingProperty() {
        return pending;
    }

    public LongProperty quarantinedProperty() {
        return quarantined;
    }

    public StringProperty healthProperty() {
        return health;
    }

    public StringProperty healthReasonProperty() {
        return healthReason;
    }

    public ObjectProperty<Instant> lastActivityProperty() {
        return lastActivity;
    }
}
