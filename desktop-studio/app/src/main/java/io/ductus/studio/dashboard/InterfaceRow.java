package io.ductus.studio.dashboard;

import io.ductus.client.model.Destination;
import io.ductus.client.model.InterfaceInfo;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** One interface on the dashboard: its state, source, health, totals over its destinations, last receipt. */
public final class InterfaceRow {

    private final String name;
    private final StringProperty state = new SimpleStringProperty();
    private final StringProperty reason = new SimpleStringProperty();
    private final StringProperty sourceType = new SimpleStringProperty();
    private final StringProperty sourceStatus = new SimpleStringProperty();
    private final StringProperty health = new SimpleStringProperty("ok");
    private final StringProperty healthReason = new SimpleStringProperty();
    private final ObjectProperty<Instant> lastReceived = new SimpleObjectProperty<>();
    private final LongProperty pending = new SimpleLongProperty();
    private final LongProperty quarantined = new SimpleLongProperty();
    private final ObservableList<DestinationRow> destinations = FXCollections.observableArrayList();
    private final Map<String, DestinationRow> byName = new HashMap<>();

    InterfaceRow(String name) {
        this.name = name;
    }

    void update(InterfaceInfo info) {
        state.set(info.state());
        reason.set(info.reason());
        sourceType.set(info.source() == null ? "" : info.source().type());
        sourceStatus.set(info.source() == null ? "" : info.source().status());
        health.set(info.health() == null ? "unknown" : info.health().state());
        healthReason.set(info.health() == null ? null : info.health().reason());
        if (info.lastReceivedAt() != null) lastReceived.set(info.lastReceivedAt());
        boolean same = info.destinations().size() == destinations.size()
                && info.destinations().stream().allMatch(d -> byName.containsKey(d.name()));
        if (!same) {
            byName.clear();
            destinations.clear();
            for (Destination d : info.destinations()) {
                DestinationRow row = new DestinationRow(name, d.name());
                byName.put(d.name(), row);
                destinations.add(row);
            }
            rebindTotals();
        }
        for (Destination d : info.destinations()) byName.get(d.name()).update(d);
    }

    private void rebindTotals() {
        pending.bind(Bindings.createLongBinding(() -> destinations.stream().mapToLong(d -> d.pendingProperty().get()).sum(),
                destinations.stream().map(DestinationRow::pendingProperty).toArray(javafx.beans.Observable[]::new)));
        quarantined.bind(Bindings.createLongBinding(() -> destinations.stream().mapToLong(d -> d.quarantinedProperty().get()).sum(),
                destinations.stream().map(DestinationRow::quarantinedProperty).toArray(javafx.beans.Observable[]::new)));
    }

    DestinationRow destination(String destination) {
        return byName.get(destination);
    }

    public String name() {
        return name;
    }

    public StringProperty stateProperty() {
        return state;
    }

    public StringProperty reasonProperty() {
        return reason;
    }

    public StringProperty sourceTypeProperty() {
        return sourceType;
    }

    public StringProperty sourceStatusProperty() {
        return sourceStatus;
    }

    public StringProperty healthProperty() {
        return health;
    }

    public StringProperty healthReasonProperty() {
        return healthReason;
    }

    public ObjectProperty<Instant> lastReceivedProperty() {
        return lastReceived;
    }

    public LongProperty pendingProperty() {
        return pending;
    }

    public LongProperty quarantinedProperty() {
        return quarantined;
    }

    public ObservableList<DestinationRow> destinations() {
        return destinations;
    }
}
