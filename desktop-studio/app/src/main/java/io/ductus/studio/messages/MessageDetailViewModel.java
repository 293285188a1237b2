package io.ductus.studio.messages;

import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.Delivery;
import io.ductus.client.model.Dismiss;
import io.ductus.client.model.Edit;
import io.ductus.client.model.Message;
import io.ductus.client.model.Payload;
import io.ductus.client.model.Resend;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7Highlighting;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.hl7.Hl7TreeViewModel;
import io.ductus.studio.server.Navigator;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.Cancellable;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One message: its keys, origin, deliveries (attempts, next retry, last error, saved output), its payload —
 * read only when asked, since each read is audited — shown as an HL7 tree, raw text with the delimiters
 * highlighted, or indented JSON/XML or a CSV table; and the operator's actions with their confirmations:
 * resend (all quarantined, or one destination whatever it ended as), dismiss with a reason, edit and send a
 * corrected copy (then shown).
 */
public final class MessageDetailViewModel {

    private final ServerSession session;
    private final Navigator navigator;
    private final Hl7TreeReader reader;
    private final Hl7TreeViewModel tree;
    private final ReadOnlyObjectWrapper<Message> message = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Delivery> deliveries = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper("Select a message");
    private final ReadOnlyStringWrapper facts = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper payloadShown = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper payloadText = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<PayloadFormat.Readable> readable = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<Hl7Highlighting.Span>> highlights = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper treeProblem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper auditNotice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper outputText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final BooleanProperty editing = new SimpleBooleanProperty();
    private final StringProperty editText = new SimpleStringProperty("");
    private final ObjectProperty<Delivery> selectedDelivery = new SimpleObjectProperty<>();
    private Payload payload;
    private boolean reloading;
    /** The read of the message asked for last, and of its payload or output: an older answer never shows. */
    private Cancellable reading = Cancellable.NONE;
    private Cancellable contents = Cancellable.NONE;

    public MessageDetailViewModel(ServerSession session, Navigator navigator, Hl7TreeReader reader, Hl7Dictionary dictionary) {
        this.session = session;
        this.navigator = navigator;
        this.reader = reader;
        this.tree = new Hl7TreeViewModel(dictionary);
        session.live().follow(this::apply);
    }

    /** Opens the designer on this message's interface with the message as a sample. */
    public void trySample() {
        Message m = message.get();
        if (m != null) navigator.trySample(m.id(), m.interfaceName());
    }

    public ReadOnlyObjectProperty<Message> messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ObservableList<Delivery> deliveries() {
        return deliveries;
    }

    public ReadOnlyStringProperty headerProperty() {
        return header.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty factsProperty() {
        return facts.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty payloadShownProperty() {
        return payloadShown.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty payloadTextProperty() {
        return payloadText.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<PayloadFormat.Readable> readableProperty() {
        return readable.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<List<Hl7Highlighting.Span>> highlightsProperty() {
        return highlights.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty treeProblemProperty() {
        return treeProblem.getReadOnlyProperty();
    }

    public Hl7TreeViewModel tree() {
        return tree;
    }

    /** Says that reading the payload is audited, before and after. */
    public ReadOnlyStringProperty auditNoticeProperty() {
        return auditNotice.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty outputTextProperty() {
        return outputText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public BooleanProperty editingProperty() {
        return editing;
    }

    public StringProperty editTextProperty() {
        return editText;
    }

    public ObjectProperty<Delivery> selectedDeliveryProperty() {
        return selectedDelivery;
    }

    public boolean mayReadPayloads() {
        return session.me() != null && session.me().has("payloads");
    }

    public boolean mayOperate() {
        return session.me() != null && session.me().atLeast("operator");
    }

    // ---- reading

    public void show(long id) {
        if (editing.get() && message.get() != null && message.get().id() != id
                && !session.dialogs().confirm("Discard the edit", "The corrected copy of message " + message.get().id()
                + " has not been sent. Discard it?", "Discard")) {
            return;
        }
        editing.set(false);
        contents.cancel();
        if (message.get() != null && message.get().id() != id) {
            // Until the asked-for message is read, none is shown: an action now would act on the one before.
            message.set(null);
            deliveries.clear();
            header.set("Message " + id + " · reading…");
            facts.set("");
        }
        payload = null;
        payloadShown.set(false);
        payloadText.set("");
        readable.set(null);
        highlights.set(List.of());
        tree.show(null);
        treeProblem.set("");
        outputText.set("");
        auditNotice.set(mayReadPayloads() ? "Reading the payload is recorded in the audit log (message.payload.read)."
                : "Your role has no payloads permission: the contents stay hidden.");
        load(id);
    }

    private void load(long id) {
        load(id, "");
    }

    /** Reads the message and shows it, then {@code statusAfter} (what an action just did). */
    private void load(long id, String statusAfter) {
        reading.cancel(); // reads overlap on the network: the answer about a message asked for before must not replace this one
        reading = session.call(() -> session.api().message(id), m -> {
            showMessage(m);
            status.set(statusAfter);
        }, status::set);
    }

    private void showMessage(Message m) {
        message.set(m);
        deliveries.setAll(m.deliveries());
        header.set("Message " + m.id() + " · " + m.interfaceName() + " · " + m.status());
        StringBuilder f = new StringBuilder();
        f.append("received ").append(m.receivedAt()).append("   size ").append(m.size()).append(" bytes")
                .append(m.charset() == null ? "" : " (" + m.charset() + ")");
        f.append("\nkey ").append(m.orderingKey() == null ? "—" : m.orderingKey()).append(" (lane ").append(m.lane()).append(")")
                .append("   dedupe ").append(m.dedupeKey() == null ? "—" : m.dedupeKey());
        if (m.origin() != null) f.append("\norigin ").append(m.origin());
        if (m.duplicateOf() != null) f.append("\nduplicate of ").append(m.duplicateOf());
        if (m.editedFrom() != null) f.append("\nedited copy of ").append(m.editedFrom());
        if (!m.editedCopies().isEmpty()) f.append("\nedited copies: ").append(m.editedCopies());
        facts.set(f.toString());
    }

    /** Reads the payload (audited) and shows it as its kind allows. */
    public void showPayload() {
        Message m = message.get();
        if (m == null) return;
        contents.cancel();
        contents = session.call(() -> session.api().payload(m.id()), p -> {
            payload = p;
            payloadShown.set(true);
            payloadText.set(p.text());
            auditNotice.set("You read this payload: the engine recorded it in the audit log (message.payload.read).");
            PayloadFormat.Readable r = PayloadFormat.of(p.text());
            readable.set(r);
            if (r.kind() == PayloadFormat.Kind.HL7) {
                try {
                    Hl7TreeReader.Hl7Tree t = reader.read(p.text());
                    tree.show(t);
                    highlights.set(Hl7Highlighting.spans(p.text(), t));
                    treeProblem.set("");
                } catch (Hl7TreeReader.Hl7ReadException e) {
                    treeProblem.set("Not readable as HL7 v2: " + e.getMessage());
                }
            }
        }, status::set);
    }

    /** What the selected delivery's destination saved (save_output); audited like the payload. */
    public void showOutput() {
        Message m = message.get();
        Delivery d = selectedDelivery.get();
        if (m == null || d == null) return;
        if (d.outputSize() == null) {
            outputText.set(d.destination() + " saved no output for this message.");
            return;
        }
        contents.cancel();
        contents = session.call(() -> session.api().output(m.id(), d.destination()), p -> outputText.set(p.text()), status::set);
    }

    // ---- acting

    public void resend() {
        Message m = message.get();
        if (m == null) return;
        long quarantined = m.deliveries().stream().filter(d -> "quarantined".equals(d.status())).count();
        if (quarantined == 0) {
            status.set("Nothing to resend: no delivery of message " + m.id() + " is quarantined. Choose a destination to send to again.");
            return;
        }
        if (!session.dialogs().confirm("Resend message " + m.id(), "Its " + quarantined + " quarantined deliver" + (quarantined == 1 ? "y goes"
                : "ies go") + " back to pending, in place: the message goes next in its lane, before anything newer with the same key.",
                "Resend")) {
            return;
        }
        act(() -> session.api().resend(new Resend(List.of(m.id()), null)), "Resent: " + quarantined + " delivery(ies) pending again");
    }

    /** Sends to the selected delivery's destination again, whatever it ended as. */
    public void resendToSelected() {
        Message m = message.get();
        Delivery d = selectedDelivery.get();
        if (m == null || d == null) return;
        if (!session.dialogs().confirm("Send to " + d.destination() + " again", "Message " + m.id() + " goes to " + d.destination()
                + " again although it ended as " + d.status() + ".", "Send again")) {
            return;
        }
        act(() -> session.api().resend(new Resend(List.of(m.id()), List.of(d.destination()))), "Sent to " + d.destination() + " again");
    }

    public void dismiss() {
        Message m = message.get();
        if (m == null) return;
        Optional<String> reason = session.dialogs().askText("Dismiss message " + m.id(), "Its quarantined deliveries become filtered and are"
                + " never sent. The engine keeps your reason as their last error.", "Reason (required), e.g. sent by phone");
        if (reason.isEmpty()) return;
        act(() -> session.api().dismiss(new Dismiss(List.of(m.id()), null, reason.get())), "Dismissed: " + reason.get());
    }

    public void startEdit() {
        if (payload == null) {
            status.set("Show the payload first: the corrected copy starts from it.");
            return;
        }
        editText.set(LineBreaks.forDisplay(payload.text()));
        editing.set(true);
    }

    public void cancelEdit() {
        editing.set(false);
    }

    /** Stores the corrected copy and sends it; then shows the copy. */
    public void sendEdit() {
        Message m = message.get();
        if (m == null || !editing.get()) return;
        List<String> to = m.deliveries().stream().filter(d -> "quarantined".equals(d.status())).map(Delivery::destination).toList();
        if (to.isEmpty()) {
            status.set("Message " + m.id() + " has no quarantined delivery for a corrected copy to replace.");
            return;
        }
        if (!session.dialogs().confirm("Send a corrected copy", "A corrected copy of message " + m.id() + " is stored and sent to "
                + String.join(", ", to) + "; the original's quarantined deliveries become filtered (replaced by the copy).",
                "Store and send")) {
            return;
        }
        String text = LineBreaks.fromDisplay(editText.get(), payload.text());
        String charset = payload.charset().name();
        session.call(() -> session.api().edit(m.id(), new Edit(text, charset, to)), edited -> {
            editing.set(false);
            status.set("Corrected copy " + edited.copyId() + " stored and sent to " + String.join(", ", edited.destinations()));
            navigator.showMessage(edited.copyId());
        }, status::set);
    }

    private void act(java.util.concurrent.Callable<?> action, String done) {
        Message m = message.get();
        session.call(action, changed -> load(m.id(), done), status::set);
    }

    /** A delivery of the shown message moved: read it again (one read at a time). */
    void apply(List<EngineEvent> events) {
        Message m = message.get();
        if (m == null || reloading) return;
        boolean concerned = events.stream().anyMatch(e -> e instanceof EngineEvent.Delivery d && d.messageId() == m.id()
                || e instanceof EngineEvent.MessagesChanged c && c.messageIds().contains(m.id()));
        if (!concerned) return;
        reloading = true;
        session.call(() -> session.api().message(m.id()), fresh -> {
            reloading = false;
            if (message.get() != null && message.get().id() == fresh.id()) showMessage(fresh);
        }, problem -> reloading = false);
    }
}
