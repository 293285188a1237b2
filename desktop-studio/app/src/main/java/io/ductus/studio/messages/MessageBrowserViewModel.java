package io.ductus.studio.messages;

import io.ductus.client.MessageQuery;
import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.MessagePage;
import io.ductus.client.model.MessageSummary;
import io.ductus.studio.server.ServerSession;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The message browser: filters (interface, status, a time window with presets, payload text), pages read from
 * the engine both ways (by id: each page remembers where it started), and the selected message's detail. New
 * messages that match do not move what the user reads: they are counted until the first page is read again.
 */
public final class MessageBrowserViewModel {

    public static final List<String> STATUSES = List.of("", "pending", "sent", "filtered", "quarantined", "duplicate");

    private final ServerSession session;
    private final MessageDetailViewModel detail;
    private final ObservableList<String> interfaceNames = FXCollections.observableArrayList("");
    private final StringProperty interfaceName = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final ObjectProperty<TimeWindow> window = new SimpleObjectProperty<>(TimeWindow.LAST_DAY);
    private final StringProperty customFrom = new SimpleStringProperty("");
    private final StringProperty customTo = new SimpleStringProperty("");
    private final StringProperty text = new SimpleStringProperty("");
    private final IntegerProperty pageSize = new SimpleIntegerProperty(MessageQuery.DEFAULT_LIMIT);
    private final ObservableList<MessageSummary> messages = FXCollections.observableArrayList();
    private final ObjectProperty<MessageSummary> selected = new SimpleObjectProperty<>();
    private final ObservableList<MessageSummary> marked = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper pageText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasNext = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper hasPrevious = new ReadOnlyBooleanWrapper();
    private final IntegerProperty newArrivals = new SimpleIntegerProperty();
    private final BooleanProperty loading = new SimpleBooleanProperty();
    /** Where each page read so far started (its before; null for the first). */
    private final List<Long> starts = new ArrayList<>();
    private Long nextStart;
    private MessageQuery current;

    public MessageBrowserViewModel(ServerSession session, MessageDetailViewModel detail) {
        this.session = session;
        this.detail = detail;
        selected.addListener((o, was, now) -> {
            var shown = detail.messageProperty().get();
            if (now != null && (shown == null || shown.id() != now.id())) detail.show(now.id());
        });
        session.live().follow(this::apply);
        detail.messageProperty().addListener((o, was, m) -> {
            if (m != null) refreshRow(m);
        });
    }

    /** The detail read a message again: its row shows the status it has now. */
    private void refreshRow(io.ductus.client.model.Message m) {
        for (int i = 0; i < messages.size(); i++) {
            MessageSummary row = messages.get(i);
            if (row.id() == m.id() && !row.status().equals(m.status())) {
                boolean wasSelected = selected.get() == row;
                MessageSummary fresh = new MessageSummary(m.id(), m.interfaceName(), m.receivedAt(), m.status(), m.size(), m.charset(),
                        m.orderingKey(), m.lane(), m.dedupeKey(), m.duplicateOf(), m.settledAt(), m.editedFrom());
                messages.set(i, fresh);
                if (wasSelected) selected.set(fresh);
                return;
            }
        }
    }

    public ObservableList<String> interfaceNames() {
        return interfaceNames;
    }

    public StringProperty interfaceNameProperty() {
        return interfaceName;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public ObjectProperty<TimeWindow> windowProperty() {
        return window;
    }

    public StringProperty customFromProperty() {
        return customFrom;
    }

    public StringProperty customToProperty() {
        return customTo;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObservableList<MessageSummary> messages() {
        return messages;
    }

    public ObjectProperty<MessageSummary> selectedProperty() {
        return selected;
    }

    /** Rows marked for an action on several (resend) or for comparing (two). */
    public ObservableList<MessageSummary> marked() {
        return marked;
    }

    public ReadOnlyStringProperty pageTextProperty() {
        return pageText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasNextProperty() {
        return hasNext.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasPreviousProperty() {
        return hasPrevious.getReadOnlyProperty();
    }

    public IntegerProperty newArrivalsProperty() {
        return newArrivals;
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public MessageDetailViewModel detail() {
        return detail;
    }

    /** Reads the interfaces' names for the filter (once a session). */
    public void loadInterfaceNames() {
        session.call(() -> session.api().interfaces(), list -> {
            List<String> names = new ArrayList<>(List.of(""));
            list.interfaces().forEach(i -> names.add(i.name()));
            interfaceNames.setAll(names);
        }, problem -> { });
    }

    /** Filters set from outside (a dashboard count): the first page of what they select. */
    public void filter(String interfaceFilter, String statusFilter) {
        interfaceName.set(interfaceFilter == null ? "" : interfaceFilter);
        status.set(statusFilter == null ? "" : statusFilter);
        window.set(TimeWindow.ANY);
        text.set("");
        search();
    }

    /** The first page of what the filters select. */
    public void search() {
        MessageQuery q;
        try {
            q = query();
        } catch (DateTimeParseException e) {
            message.set("Between: " + e.getParsedString() + " is not an instant such as 2026-11-30T08:00:00Z");
            return;
        }
        current = q;
        starts.clear();
        newArrivals.set(0);
        read(null);
    }

    public void nextPage() {
        if (nextStart == null || current == null) return;
        read(nextStart);
    }

    public void previousPage() {
        if (starts.size() < 2 || current == null) return;
        starts.removeLast();
        Long start = starts.removeLast();
        read(start);
    }

    /** Compares the two marked messages (or the selected one with the one marked). */
    public boolean canCompare() {
        return marked.size() == 2;
    }

    private void read(Long before) {
        MessageQuery q = current.before(before).limit(pageSize.get());
        loading.set(true);
        session.call(() -> session.api().messages(q), page -> {
            loading.set(false);
            starts.add(before);
            show(page);
        }, problem -> {
            loading.set(false);
            message.set(problem);
        });
    }

    private void show(MessagePage page) {
        messages.setAll(page.messages());
        marked.clear();
        nextStart = page.next();
        hasNext.set(page.next() != null);
        hasPrevious.set(starts.size() > 1);
        int number = starts.size();
        int first = (number - 1) * pageSize.get() + 1;
        pageText.set(page.messages().isEmpty() ? (number == 1 ? "no messages match" : "page " + number + ": no more messages")
                : "page " + number + " · messages " + first + "–" + (first + page.messages().size() - 1));
        message.set(page.scanLimitReached() ? "The text search read its window without filling the page: Next goes on searching older"
                + " messages." : "");
        if (!page.messages().isEmpty() && (selected.get() == null || page.messages().stream().noneMatch(m -> m.id() == selected.get().id()))) {
            selected.set(page.messages().getFirst());
        }
    }

    MessageQuery query() {
        Instant now = session.clock().instant();
        Instant from;
        Instant to = null;
        if (window.get() == TimeWindow.CUSTOM) {
            from = customFrom.get().isBlank() ? null : Instant.parse(customFrom.get().strip());
            to = customTo.get().isBlank() ? null : Instant.parse(customTo.get().strip());
        } else {
            from = window.get().from(now);
        }
        return MessageQuery.all().withInterface(interfaceName.get()).withStatus(status.get()).between(from, to).withText(text.get());
    }

    /** New messages that match the interface filter are counted while the user reads (never a jump). */
    void apply(List<EngineEvent> events) {
        if (current == null) return;
        int n = 0;
        for (EngineEvent e : events) {
            if (e instanceof EngineEvent.Received r && (current.interfaceName() == null || current.interfaceName().equals(r.interfaceName()))) n++;
        }
        if (n > 0) newArrivals.set(newArrivals.get() + n);
    }
}
