package io.ductus.studio.quarantine;

import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.Dismiss;
import io.ductus.client.model.QuarantinePage;
import io.ductus.client.model.QuarantinedDelivery;
import io.ductus.client.model.Resend;
import io.ductus.studio.server.Navigator;
import io.ductus.studio.server.ServerSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The quarantine across interfaces, grouped by reason (numbers and quoted values aside, so "MSH-9 'ADT^A99'"
 * and "MSH-9 'ADT^A98'" are one group), biggest group first; a group or one delivery can be resent or
 * dismissed (with the reason the API asks for), and a delivery opens its message.
 */
public final class QuarantineViewModel {

    static final int PAGE = 500;
    /** How many quarantined deliveries one view reads at most (two pages more on "load more"). */
    static final int FIRST_READ = 1000;

    private final ServerSession session;
    private final Navigator navigator;
    private final StringProperty interfaceName = new SimpleStringProperty("");
    private final ObservableList<QuarantineGroup> groups = FXCollections.observableArrayList();
    private final ObjectProperty<QuarantineGroup> selectedGroup = new SimpleObjectProperty<>();
    private final ObservableList<QuarantinedDelivery> deliveries = FXCollections.observableArrayList();
    private final ObjectProperty<QuarantinedDelivery> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper more = new ReadOnlyBooleanWrapper();
    private final List<QuarantinedDelivery> all = new ArrayList<>();
    private QuarantinePage.Cursor next;
    private boolean stale;

    public QuarantineViewModel(ServerSession session, Navigator navigator) {
        this.session = session;
        this.navigator = navigator;
        selectedGroup.addListener((o, a, g) -> deliveries.setAll(g == null ? List.of() : g.deliveries()));
        session.live().follow(this::apply);
        session.live().onResync(() -> stale = true);
    }

    public StringProperty interfaceNameProperty() {
        return interfaceName;
    }

    public ObservableList<QuarantineGroup> groups() {
        return groups;
    }

    public ObjectProperty<QuarantineGroup> selectedGroupProperty() {
        return selectedGroup;
    }

    public ObservableList<QuarantinedDelivery> deliveries() {
        return deliveries;
    }

    public ObjectProperty<QuarantinedDelivery> selectedProperty() {
        return selected;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty moreProperty() {
        return more.getReadOnlyProperty();
    }

    /** Whether something changed since the last read (the view offers to read again). */
    public boolean stale() {
        return stale;
    }

    public void load() {
        load("");
    }

    /** Reads the quarantine again, then says {@code after} (what an action just did). */
    private void load(String after) {
        all.clear();
        next = null;
        stale = false;
        read(FIRST_READ, after);
    }

    public void loadMore() {
        if (next != null) read(FIRST_READ, message.get());
    }

    private void read(int atMost, String after) {
        String name = interfaceName.get() == null || interfaceName.get().isBlank() ? null : interfaceName.get();
        QuarantinePage.Cursor from = next;
        session.call(() -> {
            List<QuarantinedDelivery> got = new ArrayList<>();
            QuarantinePage.Cursor cursor = from;
            do {
                QuarantinePage page = session.api().quarantine(name, cursor, PAGE);
                got.addAll(page.deliveries());
                cursor = page.next();
            } while (cursor != null && got.size() < atMost);
            return new QuarantinePage(got, cursor);
        }, page -> {
            all.addAll(page.deliveries());
            next = page.next();
            more.set(next != null);
            regroup();
            message.set(after);
        }, message::set);
    }

    private void regroup() {
        Map<String, List<QuarantinedDelivery>> byReason = new LinkedHashMap<>();
        for (QuarantinedDelivery d : all) byReason.computeIfAbsent(QuarantineGroup.key(d.lastError()), k -> new ArrayList<>()).add(d);
        String keep = selectedGroup.get() == null ? null : selectedGroup.get().reason();
        List<QuarantineGroup> sorted = byReason.entrySet().stream().map(e -> new QuarantineGroup(e.getKey(), e.getValue()))
                .sorted((a, b) -> Integer.compare(b.deliveries().size(), a.deliveries().size())).toList();
        groups.setAll(sorted);
        selectedGroup.set(sorted.stream().filter(g -> g.reason().equals(keep)).findFirst().orElse(sorted.isEmpty() ? null : sorted.getFirst()));
        long interfaces = all.stream().map(d -> d.message().interfaceName()).distinct().count();
        summary.set(all.isEmpty() ? "Nothing is quarantined." : all.size() + (more.get() ? "+" : "") + " quarantined deliveries in "
                + interfaces + " interface(s), " + sorted.size() + " reason(s)");
    }

    public void open(QuarantinedDelivery d) {
        if (d != null) navigator.showMessage(d.message().id());
    }

    /** Resends the selected group's deliveries (to their destinations, in place). */
    public void resendGroup() {
        QuarantineGroup g = selectedGroup.get();
        if (g == null) return;
        if (!session.dialogs().confirm("Resend " + g.deliveries().size() + " deliveries", "Every delivery quarantined for \"" + g.reason()
                + "\" goes back to pending, in place: each message goes next in its lane.", "Resend all")) {
            return;
        }
        List<Long> ids = g.deliveries().stream().map(d -> d.message().id()).distinct().toList();
        List<String> destinations = g.deliveries().stream().map(QuarantinedDelivery::destination).distinct().toList();
        session.call(() -> {
            int done = 0;
            for (int i = 0; i < ids.size(); i += 500) {
                done += session.api().resend(new Resend(ids.subList(i, Math.min(ids.size(), i + 500)), destinations)).deliveries().size();
            }
            return done;
        }, done -> load(done + " deliveries pending again"), message::set);
    }

    public void dismissGroup() {
        QuarantineGroup g = selectedGroup.get();
        if (g == null) return;
        Optional<String> reason = session.dialogs().askText("Dismiss " + g.deliveries().size() + " deliveries", "Every delivery quarantined for \""
                + g.reason() + "\" becomes filtered and is never sent. The engine keeps your reason.", "Reason (required)");
        if (reason.isEmpty()) return;
        List<Long> ids = g.deliveries().stream().map(d -> d.message().id()).distinct().toList();
        List<String> destinations = g.deliveries().stream().map(QuarantinedDelivery::destination).distinct().toList();
        session.call(() -> {
            int done = 0;
            for (int i = 0; i < ids.size(); i += 500) {
                done += session.api().dismiss(new Dismiss(ids.subList(i, Math.min(ids.size(), i + 500)), destinations, reason.get()))
                        .deliveries().size();
            }
            return done;
        }, done -> load(done + " deliveries dismissed: " + reason.get()), message::set);
    }

    /** A quarantine appeared or went: the view is out of date (it offers to read again rather than jump). */
    void apply(List<EngineEvent> events) {
        for (EngineEvent e : events) {
            if (e instanceof EngineEvent.Delivery d && "quarantined".equals(d.outcome()) || e instanceof EngineEvent.MessagesChanged) {
                if (!stale) {
                    stale = true;
                    message.set("New quarantines or actions since this list was read: Refresh to read it again.");
                }
                return;
            }
        }
    }
}
