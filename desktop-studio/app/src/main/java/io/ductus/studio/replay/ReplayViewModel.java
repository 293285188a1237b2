package io.ductus.studio.replay;

import io.ductus.client.model.InterfaceInfo;
import io.ductus.client.model.Replay;
import io.ductus.client.model.ReplayRows;
import io.ductus.client.model.ReplayStart;
import io.ductus.client.model.ReplayTest;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.Cancellable;
import io.ductus.studio.task.Delays;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The replay screen: choose interfaces, a period (last hour, day, week) and the candidate (your draft, a
 * revision, or the deployed code as a determinism check), start it on the server, follow its progress, read
 * the results by kind with counts and the fields that changed most, page through the rows, each with its
 * field-by-field diff; make a row a test of the draft; cancel; reopen an earlier replay's results.
 */
public final class ReplayViewModel {

    static final Duration POLL = Duration.ofMillis(400);
    static final int PAGE = 200;
    /** The kinds of row a replay has, in the order the screen lists them. */
    public static final List<String> KINDS = List.of("same", "changed", "decision_changed", "error", "not_comparable", "drift");

    public enum Period {
        LAST_HOUR("1h", "last hour"), LAST_DAY("1d", "last day"), LAST_WEEK("7d", "last week"), BETWEEN(null, "from … to …");

        private final String last;
        private final String label;

        Period(String last, String label) {
            this.last = last;
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public enum Candidate {
        DRAFT("draft", "my draft"), REVISION("revision", "a revision"), DEPLOYED("deployed", "the deployed code (determinism check)");

        private final String key;
        private final String label;

        Candidate(String key, String label) {
            this.key = key;
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A kind of row and how many rows of it. */
    public record KindCount(String kind, long rows) {
    }

    private final ServerSession session;
    private final Delays delays;
    private final ObservableList<String> interfaceNames = FXCollections.observableArrayList();
    private final ObservableList<String> chosen = FXCollections.observableArrayList();
    private final ObjectProperty<Period> period = new SimpleObjectProperty<>(Period.LAST_WEEK);
    private final ObjectProperty<Candidate> candidate = new SimpleObjectProperty<>(Candidate.DRAFT);
    private final StringProperty revision = new SimpleStringProperty("");
    private final StringProperty ignore = new SimpleStringProperty("MSH-7, MSH-10");
    private final StringProperty from = new SimpleStringProperty("");
    private final StringProperty to = new SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<Replay> current = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ObservableList<KindCount> kinds = FXCollections.observableArrayList();
    private final ObservableList<Replay.TopField> topFields = FXCollections.observableArrayList();
    private final ObjectProperty<String> kindFilter = new SimpleObjectProperty<>();
    private final ObservableList<ReplayRows.Row> rows = FXCollections.observableArrayList();
    private final ObjectProperty<ReplayRows.Row> selectedRow = new SimpleObjectProperty<>();
    private final ObservableList<ReplayRows.Difference> differences = FXCollections.observableArrayList();
    private final ObservableList<Replay> past = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper more = new ReadOnlyStringWrapper();
    private Cancellable polling = Cancellable.NONE;

    public ReplayViewModel(ServerSession session, Delays delays) {
        this.session = session;
        this.delays = delays;
        kindFilter.addListener((o, a, k) -> readRows(null));
        selectedRow.addListener((o, a, r) -> differences.setAll(r == null ? List.of() : r.differences()));
    }

    public void load() {
        session.call(() -> session.api().interfaces().interfaces().stream().map(InterfaceInfo::name).toList(), names -> {
            interfaceNames.setAll(names);
            if (chosen.isEmpty() && !names.isEmpty()) chosen.setAll(names.getFirst());
        }, status::set);
        readPast();
    }

    private void readPast() {
        session.call(() -> session.api().replays().list(20).replays(), past::setAll, status::set);
    }

    /** Starts the replay on the server; its progress is read until it ends. */
    public void start() {
        if (chosen.isEmpty()) {
            status.set("Choose the interfaces to replay.");
            return;
        }
        Integer rev = null;
        if (candidate.get() == Candidate.REVISION) {
            try {
                rev = Integer.parseInt(revision.get().strip());
            } catch (NumberFormatException e) {
                status.set("Give the revision's number to replay.");
                return;
            }
        }
        List<String> ignored = Arrays.stream(ignore.get().split("[,\\s]+")).filter(s -> !s.isBlank()).toList();
        ReplayStart request;
        if (period.get() == Period.BETWEEN) {
            java.time.Instant start = moment(from.get());
            java.time.Instant end = to.get().isBlank() ? null : moment(to.get());
            if (start == null || (end == null && !to.get().isBlank())) {
                status.set("Give the period as times such as 2026-11-24T00:00:00Z (or a day, 2026-11-24); \"to\" may stay empty for now.");
                return;
            }
            request = ReplayStart.period(List.copyOf(chosen), start, end, candidate.get().key, rev, ignored);
        } else {
            request = ReplayStart.last(List.copyOf(chosen), period.get().last, candidate.get().key, rev, ignored);
        }
        status.set("Starting…");
        rows.clear();
        session.call(() -> session.api().replays().start(request), r -> {
            shown(r);
            poll(r.id());
        }, status::set);
    }

    private void poll(long id) {
        polling.cancel();
        polling = delays.after(POLL, () -> session.call(() -> session.api().replays().replay(id), r -> {
            if (current.get() == null || current.get().id() != id) return;
            shown(r);
            if (r.running()) poll(id);
            else {
                readRows(null);
                readPast();
            }
        }, status::set));
    }

    private void shown(Replay r) {
        current.set(r);
        Replay.Summary s = r.summary();
        progress.set(s.total() == 0 ? (r.running() ? -1 : 1) : Math.min(1, (double) s.messages() / s.total()));
        kinds.setAll(KINDS.stream().map(k -> new KindCount(k, s.kind(k))).toList());
        topFields.setAll(s.topFields());
        status.set("Replay " + r.id() + " · " + r.status() + " · " + s.messages() + " of " + s.total() + " messages, " + s.rows() + " rows"
                + (s.seconds() > 0 ? String.format(java.util.Locale.ROOT, " in %.1f s (%d messages/s)", s.seconds(), s.messagesPerSecond()) : "")
                + (s.reason() == null ? "" : " · " + s.reason()));
    }

    /** An instant as typed: 2026-11-24T08:00:00Z, or a day (its start, UTC); null when neither. */
    static java.time.Instant moment(String text) {
        String t = text == null ? "" : text.strip();
        try {
            return java.time.Instant.parse(t);
        } catch (java.time.format.DateTimeParseException e) {
            try {
                return java.time.LocalDate.parse(t).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
            } catch (java.time.format.DateTimeParseException e2) {
                return null;
            }
        }
    }

    /** Shows an earlier replay's results (kept on the server until replay.keep). */
    public void reopen(Replay r) {
        if (r == null) return;
        polling.cancel();
        shown(r);
        if (r.running()) poll(r.id());
        else readRows(null);
    }

    private void readRows(String after) {
        Replay r = current.get();
        if (r == null) return;
        long id = r.id();
        String kind = kindFilter.get();
        session.call(() -> session.api().replays().rows(id, kind, null, null, after, PAGE), page -> {
            if (current.get() == null || current.get().id() != id) return;
            if (after == null) rows.setAll(page.rows());
            else rows.addAll(page.rows());
            more.set(page.next());
            if (selectedRow.get() == null && !rows.isEmpty()) selectedRow.set(rows.getFirst());
        }, status::set);
    }

    public void loadMore() {
        if (more.get() != null) readRows(more.get());
    }

    /** Stops the running replay after the message it is on. */
    public void cancel() {
        Replay r = current.get();
        if (r == null || !r.running()) return;
        session.call(() -> session.api().replays().cancel(r.id()), this::shown, status::set);
    }

    /** Makes the selected row a test in the caller's draft of its interface: the stored input, what the draft does. */
    public void makeTest() {
        Replay r = current.get();
        ReplayRows.Row row = selectedRow.get();
        if (r == null || row == null) return;
        session.call(() -> session.api().replays().makeTest(r.id(), new ReplayTest(row.messageId(), row.destination())),
                made -> status.set("Test " + made.path() + " written into your draft of " + made.interfaceName() + " (expects " + made.expects()
                        + "; the draft has " + made.draftFiles() + " files)"), status::set);
    }

    public ObservableList<String> interfaceNames() {
        return interfaceNames;
    }

    /** The interfaces to replay (the view's multiple selection). */
    public ObservableList<String> chosen() {
        return chosen;
    }

    public ObjectProperty<Period> periodProperty() {
        return period;
    }

    public ObjectProperty<Candidate> candidateProperty() {
        return candidate;
    }

    public StringProperty revisionProperty() {
        return revision;
    }

    /** The period's start when the period is {@link Period#BETWEEN}. */
    public StringProperty fromProperty() {
        return from;
    }

    /** Its end (empty: now). */
    public StringProperty toProperty() {
        return to;
    }

    public StringProperty ignoreProperty() {
        return ignore;
    }

    public ReadOnlyObjectProperty<Replay> currentProperty() {
        return current.getReadOnlyProperty();
    }

    /** From 0 to 1; -1 while the total is not known yet. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ObservableList<KindCount> kinds() {
        return kinds;
    }

    public ObservableList<Replay.TopField> topFields() {
        return topFields;
    }

    /** Only rows of this kind (null: every row that did not come out the same). */
    public ObjectProperty<String> kindFilterProperty() {
        return kindFilter;
    }

    public ObservableList<ReplayRows.Row> rows() {
        return rows;
    }

    public ObjectProperty<ReplayRows.Row> selectedRowProperty() {
        return selectedRow;
    }

    public ObservableList<ReplayRows.Difference> differences() {
        return differences;
    }

    public ObservableList<Replay> past() {
        return past;
    }

    /** The next page's cursor (null: all rows shown). */
    public ReadOnlyStringProperty moreProperty() {
        return more.getReadOnlyProperty();
    }
}
