package io.ductus.studio.dashboard;

import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.Drain;
import io.ductus.client.model.InterfaceInfo;
import io.ductus.client.model.InterfaceList;
import io.ductus.studio.server.Navigator;
import io.ductus.studio.server.ServerSession;
import java.time.format.DateTimeFormatter;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The dashboard: every interface and destination with state, health, queue counts and last activity, kept
 * current by the engine's events (never polled) — counts and activity change rows in place; a change that can
 * move a health (a state, a pause, a quarantine appearing or emptying) reads that one interface again. Search
 * and filters narrow the rows; pause, resume and drain act; any count opens the browser filtered to it.
 */
public final class DashboardViewModel {

    /** Which rows to show besides the search. */
    public enum Filter {
        ALL("All"), ATTENTION("Needs attention"), QUARANTINED("Quarantined"), PAUSED("Paused"), STOPPED("Stopped");

        private final String label;

        Filter(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private static final DateTimeFormatter SINCE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private final ServerSession session;
    private final Navigator navigator;
    private final ObservableList<InterfaceRow> interfaces = FXCollections.observableArrayList();
    private final FilteredList<InterfaceRow> shown = new FilteredList<>(interfaces);
    private final Map<String, InterfaceRow> byName = new HashMap<>();
    private final StringProperty search = new SimpleStringProperty("");
    private final ObjectProperty<Filter> filter = new SimpleObjectProperty<>(Filter.ALL);
    private final BooleanProperty draining = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper drainText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final Set<String> refreshing = new HashSet<>();
    private final Set<String> refreshAgain = new HashSet<>();
    private boolean drainReading;

    public DashboardViewModel(ServerSession session, Navigator navigator) {
        this.session = session;
        this.navigator = navigator;
        search.addListener((o, a, b) -> refilter(true));
        filter.addListener((o, a, b) -> refilter(true));
        session.live().follow(this::apply);
        session.live().onResync(this::load);
    }

    // ---- state the view binds to

    public FilteredList<InterfaceRow> shownInterfaces() {
        return shown;
    }

    public ObservableList<InterfaceRow> allInterfaces() {
        return interfaces;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public ObjectProperty<Filter> filterProperty() {
        return filter;
    }

    public BooleanProperty drainingProperty() {
        return draining;
    }

    public ReadOnlyStringProperty drainTextProperty() {
        return drainText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public boolean mayOperate() {
        return session.me() != null && session.me().atLeast("operator");
    }

    // ---- commands

    /** Reads every interface (at start, on resync, on refresh). */
    public void load() {
        loading.set(true);
        session.call(() -> session.api().interfaces(), list -> {
            loading.set(false);
            message.set("");
            apply(list);
        }, problem -> {
            loading.set(false);
            message.set(problem);
        });
        readDrain();
    }

    public void pause(DestinationRow row) {
        session.call(() -> session.api().pause(row.interfaceName(), row.name()), d -> {
            row.update(d);
            message.set(row.interfaceName() + "/" + row.name() + " is paused: its messages wait");
            refresh(row.interfaceName());
        }, message::set);
    }

    public void resume(DestinationRow row) {
        session.call(() -> session.api().resume(row.interfaceName(), row.name()), d -> {
            row.update(d);
            message.set(row.interfaceName() + "/" + row.name() + " resumed: what waits is sent in order");
            refresh(row.interfaceName());
        }, message::set);
    }

    public void startDrain() {
        if (!session.dialogs().confirm("Start a drain", "Every source of " + session.name() + " stops taking input (MLLP listeners close;"
                + " senders retry later). Deliveries already stored go on. Start the drain?", "Start drain")) {
            return;
        }
        session.call(() -> session.api().startDrain(), this::showDrain, message::set);
    }

    public void stopDrain() {
        session.call(() -> session.api().stopDrain(), this::showDrain, message::set);
    }

    public void openPending(String interfaceName) {
        navigator.showMessages(interfaceName, "pending");
    }

    public void openQuarantined(String interfaceName) {
        navigator.showMessages(interfaceName, "quarantined");
    }

    public void openMessages(String interfaceName) {
        navigator.showMessages(interfaceName, null);
    }

    // ---- what arrives

    void apply(InterfaceList list) {
        Set<String> seen = new HashSet<>();
        List<InterfaceRow> fresh = new java.util.ArrayList<>();
        for (InterfaceInfo info : list.interfaces()) {
            seen.add(info.name());
            InterfaceRow row = byName.get(info.name());
            if (row == null) {
                row = new InterfaceRow(info.name());
                byName.put(info.name(), row);
                fresh.add(row);
            }
            row.update(info);
        }
        if (!fresh.isEmpty()) interfaces.addAll(fresh);
        if (seen.size() != byName.size()) {
            interfaces.removeIf(r -> !seen.contains(r.name()));
            byName.keySet().retainAll(seen);
        }
        draining.set(list.draining());
        refilter(false); // the filtered list follows rows added and removed by itself
    }

    /** A batch of events, on the UI thread. */
    public void apply(List<EngineEvent> events) {
        Set<String> toRefresh = new HashSet<>();
        boolean countsChanged = false;
        for (EngineEvent event : events) {
            switch (event) {
                case EngineEvent.Counts counts -> {
                    countsChanged = true;
                    for (EngineEvent.DestinationCount c : counts.destinations()) {
                        InterfaceRow row = byName.get(c.interfaceName());
                        DestinationRow d = row == null ? null : row.destination(c.destination());
                        if (d == null) continue;
                        if ((d.quarantinedProperty().get() == 0) != (c.quarantined() == 0)) toRefresh.add(c.interfaceName());
                        if (d.pendingProperty().get() != c.pending()) d.pendingProperty().set(c.pending());
                        if (d.quarantinedProperty().get() != c.quarantined()) d.quarantinedProperty().set(c.quarantined());
                    }
                }
                case EngineEvent.Received r -> {
                    InterfaceRow row = byName.get(r.interfaceName());
                    if (row != null) row.lastReceivedProperty().set(session.clock().instant());
                }
                case EngineEvent.Delivery d -> {
                    InterfaceRow row = byName.get(d.interfaceName());
                    DestinationRow dest = row == null ? null : row.destination(d.destination());
                    if (dest != null) dest.lastActivityProperty().set(session.clock().instant());
                    if ("quarantined".equals(d.outcome())) toRefresh.add(d.interfaceName());
                }
                case EngineEvent.InterfaceChanged i -> {
                    InterfaceRow row = byName.get(i.interfaceName());
                    if (row != null) {
                        row.stateProperty().set(i.state());
                        row.reasonProperty().set(i.reason());
                    }
                    toRefresh.add(i.interfaceName());
                }
                case EngineEvent.DestinationChanged d -> {
                    InterfaceRow row = byName.get(d.interfaceName());
                    DestinationRow dest = row == null ? null : row.destination(d.destination());
                    if (dest != null) dest.pausedProperty().set(d.paused());
                    toRefresh.add(d.interfaceName());
                }
                case EngineEvent.HealthChanged h -> {
                    InterfaceRow row = byName.get(h.interfaceName());
                    if (row == null) break;
                    if (h.destination() == null) {
                        toRefresh.add(h.interfaceName()); // the interface's shown health is its own or its worst destination's
                    } else {
                        DestinationRow dest = row.destination(h.destination());
                        if (dest != null) {
                            dest.healthProperty().set(h.state());
                            dest.healthReasonProperty().set(h.reason());
                        }
                        toRefresh.add(h.interfaceName());
                    }
                }
                case EngineEvent.DrainChanged d -> {
                    draining.set(d.draining());
                    readDrain();
                }
                default -> {
                    // received/edited/dismissed messages: their counts event follows
                }
            }
        }
        toRefresh.forEach(this::refresh);
        if (countsChanged && draining.get()) readDrain();
        if (countsChanged || !toRefresh.isEmpty()) refilter(false);
    }

    /** Reads one interface again; while one read is under way, a second is asked for after it, not beside it. */
    private void refresh(String name) {
        if (!byName.containsKey(name)) {
            load();
            return;
        }
        if (!refreshing.add(name)) {
            refreshAgain.add(name);
            return;
        }
        session.call(() -> session.api().anInterface(name), info -> {
            refreshing.remove(name);
            InterfaceRow row = byName.get(name);
            if (row != null) row.update(info);
            refilter(false);
            if (refreshAgain.remove(name)) refresh(name);
        }, problem -> {
            refreshing.remove(name);
            refreshAgain.remove(name);
            message.set(problem);
        });
    }

    private void readDrain() {
        if (drainReading) return;
        drainReading = true;
        session.call(() -> session.api().drain(), d -> {
            drainReading = false;
            showDrain(d);
        }, problem -> drainReading = false);
    }

    private void showDrain(Drain d) {
        draining.set(d.draining());
        if (!d.draining()) {
            drainText.set("");
        } else if (d.drained()) {
            drainText.set("Drained: nothing pending" + (d.pendingPaused() > 0 ? " (" + d.pendingPaused() + " wait for paused destinations)" : "")
                    + ". Safe to stop the engine.");
        } else {
            drainText.set("Draining since " + SINCE.format(d.since().atZone(ZoneId.systemDefault())) + ": " + d.pending()
                    + " deliveries still pending" + (d.pendingPaused() > 0 ? ", " + d.pendingPaused() + " wait for paused destinations" : ""));
        }
    }

    /**
     * Applies the search and filter. Rows are filtered again when those changed, or when a row's counts or
     * health may have moved it in or out of a filter other than "all"; otherwise live updates leave the list
     * of rows alone (a table of 1,000 interfaces is not rebuilt every two seconds).
     */
    private void refilter(boolean criteriaChanged) {
        String text = search.get() == null ? "" : search.get().strip().toLowerCase(Locale.ROOT);
        Filter f = filter.get();
        if (criteriaChanged || f != Filter.ALL) shown.setPredicate(row -> matches(row, text) && matches(row, f));
        long attention = interfaces.stream().filter(r -> !"ok".equals(r.healthProperty().get())).count();
        long destinations = interfaces.stream().mapToLong(r -> r.destinations().size()).sum();
        summary.set(interfaces.size() + " interfaces, " + destinations + " destinations"
                + (attention == 0 ? ", all ok" : ", " + attention + " need attention")
                + (shown.size() == interfaces.size() ? "" : " — showing " + shown.size()));
    }

    private static boolean matches(InterfaceRow row, String text) {
        if (text.isEmpty()) return true;
        if (row.name().toLowerCase(Locale.ROOT).contains(text)) return true;
        if (row.sourceTypeProperty().get() != null && row.sourceTypeProperty().get().toLowerCase(Locale.ROOT).contains(text)) return true;
        return row.destinations().stream().anyMatch(d -> d.name().toLowerCase(Locale.ROOT).contains(text)
                || (d.connectorTypeProperty().get() != null && d.connectorTypeProperty().get().toLowerCase(Locale.ROOT).contains(text)));
    }

    private static boolean matches(InterfaceRow row, Filter f) {
        return switch (f) {
            case ALL -> true;
            case ATTENTION -> !"ok".equals(row.healthProperty().get());
            case QUARANTINED -> row.quarantinedProperty().get() > 0;
            case PAUSED -> row.destinations().stream().anyMatch(d -> d.pausedProperty().get());
            case STOPPED -> "stopped".equals(row.stateProperty().get());
        };
    }
}
