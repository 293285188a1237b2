package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static io.ductus.store.contract.Messages.batch;
import static io.ductus.store.contract.Messages.dest;
import static io.ductus.store.contract.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.store.ActionRefusedException;
import io.ductus.store.Changed;
import io.ductus.store.DeliveryChange;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.DismissRequest;
import io.ductus.store.EditRequest;
import io.ductus.store.Edited;
import io.ductus.store.MessageChange;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessageStatus;
import io.ductus.store.PendingDelivery;
import io.ductus.store.ResendRequest;
import io.ductus.store.StoreException;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.jdbc.JdbcStore;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Resend, edit and dismiss on both databases: what each changes, what it leaves alone, what it returns. */
@ParameterizedClass
@EnumSource(Database.class)
class MessageActionsTest {

    private static final OpenStores STORES = new OpenStores("actions");

    @Parameter
    Database db;

    private JdbcStore store;
    private String iface;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        iface = info.getTestMethod().orElseThrow().getName();
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void resend_puts_quarantined_deliveries_back_to_pending_in_place_keeping_their_attempts() {
        long id = quarantinedAndSent(3);
        Changed changed = store.resend(ResendRequest.quarantined(List.of(id)), T0 + 10);
        assertThat(changed.deliveries()).containsExactly(new DeliveryChange(id, dest(iface, "lab"), 2,
                DeliveryStatus.QUARANTINED, DeliveryStatus.PENDING, 3));
        assertThat(changed.messages()).containsExactly(new MessageChange(id, MessageStatus.QUARANTINED, MessageStatus.PENDING));
        MessageDetail detail = store.message(id).orElseThrow();
        assertThat(detail.summary().status()).isEqualTo(MessageStatus.PENDING);
        assertThat(detail.summary().settledAt()).isNull();
        DeliveryRecord lab = delivery(detail, "lab");
        assertThat(lab.status()).isEqualTo(DeliveryStatus.PENDING);
        assertThat(lab.attempts()).isEqualTo(3);
        assertThat(lab.lastError()).isEqualTo("AR");
        assertThat(lab.updatedAt()).isEqualTo(T0 + 10);
        assertThat(delivery(detail, "archive").status()).isEqualTo(DeliveryStatus.SENT);
        List<PendingDelivery> next = store.pending(dest(iface, "lab"), Set.of(2), 10);
        assertThat(next).extracting(PendingDelivery::messageId).containsExactly(id);
        assertThat(next.get(0).nextAttemptAt()).isNull();
    }

    @Test
    void resend_of_named_destinations_sends_them_again_whatever_they_ended_as() {
        long id = quarantinedAndSent(1);
        Changed changed = store.resend(new ResendRequest(List.of(id), Set.of("archive")), T0 + 10);
        assertThat(changed.deliveries()).extracting(DeliveryChange::before, DeliveryChange::after)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(DeliveryStatus.SENT, DeliveryStatus.PENDING));
        MessageDetail detail = store.message(id).orElseThrow();
        assertThat(delivery(detail, "archive").status()).isEqualTo(DeliveryStatus.PENDING);
        assertThat(delivery(detail, "lab").status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(detail.summary().status()).isEqualTo(MessageStatus.PENDING);
    }

    @Test
    void resend_leaves_pending_deliveries_alone() {
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        Changed changed = store.resend(new ResendRequest(List.of(id), Set.of("x")), T0 + 1);
        assertThat(changed.isEmpty()).isTrue();
        assertThat(changed.messages()).isEmpty();
    }

    @Test
    void an_outcome_recorded_again_after_a_resend_does_not_finish_the_resent_delivery() {
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        DeliveryOutcome first = DeliveryOutcome.quarantined(id, dest(iface, "x"), 1, "AR");
        store.record(List.of(first), T0);
        store.resend(ResendRequest.quarantined(List.of(id)), T0 + 1);
        assertThat(store.record(List.of(first), T0 + 2).changed()).isZero();
        assertThat(store.message(id).orElseThrow().summary().status()).isEqualTo(MessageStatus.PENDING);
        store.record(List.of(DeliveryOutcome.sent(id, dest(iface, "x"), 2, null, null)), T0 + 3);
        assertThat(store.message(id).orElseThrow().summary().status()).isEqualTo(MessageStatus.SENT);
    }

    @Test
    void dismiss_filters_quarantined_deliveries_with_the_reason_and_derives_the_status_again() {
        long id = quarantinedAndSent(1);
        Changed changed = store.dismiss(new DismissRequest(List.of(id), Set.of(), "sent by hand", "alice"), T0 + 20);
        assertThat(changed.deliveries()).extracting(DeliveryChange::after).containsExactly(DeliveryStatus.FILTERED);
        assertThat(changed.messages()).containsExactly(new MessageChange(id, MessageStatus.QUARANTINED, MessageStatus.SENT));
        MessageDetail detail = store.message(id).orElseThrow();
        assertThat(delivery(detail, "lab").status()).isEqualTo(DeliveryStatus.FILTERED);
        assertThat(delivery(detail, "lab").lastError()).isEqualTo("dismissed by alice: sent by hand");
        assertThat(detail.summary().status()).isEqualTo(MessageStatus.SENT);
        assertThat(detail.summary().settledAt()).isEqualTo(T0 + 20);
    }

    @Test
    void dismiss_leaves_a_message_pending_while_another_delivery_is() {
        long id = store.store(batch(iface, message("a", 0, null, "x", "y")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.quarantined(id, dest(iface, "x"), 1, "AR")), T0);
        Changed changed = store.dismiss(new DismissRequest(List.of(id), Set.of("x"), "not needed", null), T0 + 1);
        assertThat(changed.messages()).containsExactly(new MessageChange(id, MessageStatus.PENDING, MessageStatus.PENDING));
        assertThat(delivery(store.message(id).orElseThrow(), "x").lastError()).isEqualTo("dismissed: not needed");
        assertThat(store.pending(dest(iface, "y"), Set.of(0), 10)).extracting(PendingDelivery::messageId).contains(id);
    }

    @Test
    void dismiss_changes_only_quarantined_deliveries() {
        long id = quarantinedAndSent(1);
        store.dismiss(new DismissRequest(List.of(id), Set.of(), "done", null), T0 + 1);
        assertThat(store.dismiss(new DismissRequest(List.of(id), Set.of(), "again", null), T0 + 2).isEmpty()).isTrue();
        assertThat(delivery(store.message(id).orElseThrow(), "archive").status()).isEqualTo(DeliveryStatus.SENT);
    }

    @Test
    void edit_stores_a_linked_copy_pending_for_the_quarantined_destinations_and_filters_them_on_the_original() {
        long id = quarantinedAndSent(2);
        Edited edited = store.edit(new EditRequest(id, "corrected".getBytes(), "UTF-8", "key-5", 5, Set.of(), "bob"),
                T0 + 30);
        assertThat(edited.destinations()).containsExactly("lab");
        assertThat(edited.interfaceName()).isEqualTo(iface);
        assertThat(edited.original().messages())
                .containsExactly(new MessageChange(id, MessageStatus.QUARANTINED, MessageStatus.SENT));
        MessageDetail copy = store.message(edited.copyId()).orElseThrow();
        assertThat(copy.payload()).isEqualTo("corrected".getBytes());
        assertThat(copy.summary().editedFrom()).isEqualTo(id);
        assertThat(copy.summary().status()).isEqualTo(MessageStatus.PENDING);
        assertThat(copy.summary().receivedAt()).isEqualTo(T0 + 30);
        assertThat(copy.summary().orderingKey()).isEqualTo("key-5");
        assertThat(copy.summary().dedupeKey()).isNull();
        assertThat(copy.deliveries()).extracting(DeliveryRecord::destination, DeliveryRecord::status, DeliveryRecord::lane)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("lab", DeliveryStatus.PENDING, 5));
        MessageDetail original = store.message(id).orElseThrow();
        assertThat(delivery(original, "lab").status()).isEqualTo(DeliveryStatus.FILTERED);
        assertThat(delivery(original, "lab").lastError()).isEqualTo("replaced by edited copy " + edited.copyId()
                + " (edited by bob)");
        assertThat(original.editedCopies()).containsExactly(edited.copyId());
        assertThat(store.pending(dest(iface, "lab"), Set.of(5), 10)).extracting(PendingDelivery::messageId)
                .containsExactly(edited.copyId());
    }

    @Test
    void edit_to_a_named_destination_that_was_sent_leaves_the_original_as_it_is() {
        long id = quarantinedAndSent(1);
        Edited edited = store.edit(new EditRequest(id, "b".getBytes(), "UTF-8", null, 0, Set.of("archive"), null), T0 + 1);
        assertThat(edited.destinations()).containsExactly("archive");
        assertThat(edited.original().isEmpty()).isTrue();
        assertThat(store.message(id).orElseThrow().summary().status()).isEqualTo(MessageStatus.QUARANTINED);
    }

    @Test
    void edit_is_refused_while_a_chosen_delivery_is_pending_and_changes_nothing() {
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        EditRequest edit = new EditRequest(id, "b".getBytes(), "UTF-8", null, 0, Set.of("x"), null);
        assertThatThrownBy(() -> store.edit(edit, T0 + 1)).isInstanceOf(ActionRefusedException.class)
                .hasMessageContaining("still pending for x");
        assertThat(store.message(id).orElseThrow().editedCopies()).isEmpty();
    }

    @Test
    void edit_is_refused_for_an_unknown_message_or_one_with_nothing_to_replace() {
        assertThatThrownBy(() -> store.edit(new EditRequest(Long.MAX_VALUE, "b".getBytes(), "UTF-8", null, 0, Set.of(),
                null), T0)).isInstanceOf(ActionRefusedException.class).hasMessageContaining("no message");
        long sent = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.sent(sent, dest(iface, "x"), 1, null, null)), T0);
        assertThatThrownBy(() -> store.edit(new EditRequest(sent, "b".getBytes(), "UTF-8", null, 0, Set.of(), null), T0))
                .isInstanceOf(ActionRefusedException.class).hasMessageContaining("no quarantined delivery");
        assertThatThrownBy(() -> store.edit(new EditRequest(sent, "b".getBytes(), "UTF-8", null, 0, Set.of("nope"), null),
                T0)).isInstanceOf(ActionRefusedException.class).hasMessageContaining("no delivery to nope");
    }

    @Test
    void an_action_writes_its_audit_row_in_its_transaction_from_what_it_changed() {
        long id = quarantinedAndSent(1);
        String target = "message:" + id;
        store.resend(ResendRequest.quarantined(List.of(id)), T0 + 1,
                changed -> audit("message.resend", target, "{\"deliveries\":" + changed.deliveries().size() + "}"));
        assertThat(auditRows(target)).extracting(r -> r.entry().action() + " " + r.entry().detail())
                .containsExactly("message.resend {\"deliveries\":1}");
    }

    @Test
    void a_refused_action_keeps_no_audit_row() {
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        String target = "message:" + id;
        EditRequest edit = new EditRequest(id, "b".getBytes(), "UTF-8", null, 0, Set.of("x"), null);
        assertThatThrownBy(() -> store.edit(edit, T0 + 1, edited -> audit("message.edit", target, null)))
                .isInstanceOf(ActionRefusedException.class);
        assertThat(auditRows(target)).isEmpty();
    }

    @Test
    void an_action_whose_audit_row_cannot_be_written_changes_nothing() {
        long id = quarantinedAndSent(1);
        // An audit row without an actor breaks a NOT NULL constraint: the database refuses it.
        assertThatThrownBy(() -> store.dismiss(new DismissRequest(List.of(id), Set.of(), "x", null), T0 + 1,
                changed -> new AuditEntry(T0, null, null, null, "cli", null, "message.dismiss", "message:" + id, "ok", null)))
                .isInstanceOf(StoreException.class);
        MessageDetail detail = store.message(id).orElseThrow();
        assertThat(delivery(detail, "lab").status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(detail.summary().status()).isEqualTo(MessageStatus.QUARANTINED);
    }

    private static AuditEntry audit(String action, String target, String detail) {
        return new AuditEntry(T0, "cli:test", null, null, "cli", null, action, target, "ok", detail);
    }

    private List<AuditRecord> auditRows(String target) {
        return store.accounts().audit(new AuditQuery(null, AuditQuery.MAX_LIMIT, null, null)).entries().stream()
                .filter(r -> target.equals(r.entry().target())).toList();
    }

    /** A message whose delivery to lab (lane 2) is quarantined after {@code attempts} and to archive sent. */
    @Test
    void resend_and_dismiss_of_a_message_that_does_not_exist_are_refused_and_change_nothing() {
        long id = quarantinedAndSent(1);
        assertThatThrownBy(() -> store.resend(ResendRequest.quarantined(List.of(id, 999_999_999L)), T0 + 10))
                .isInstanceOf(ActionRefusedException.class).hasMessage("there is no message 999999999");
        assertThatThrownBy(() -> store.dismiss(new DismissRequest(List.of(999_999_998L, 999_999_999L), Set.of(), "x", "t"), T0 + 10))
                .isInstanceOf(ActionRefusedException.class).hasMessage("there are no messages 999999998, 999999999");
        assertThat(store.message(id).orElseThrow().summary().status()).as("nothing changed").isEqualTo(MessageStatus.QUARANTINED);
    }

    @Test
    void retry_now_makes_the_deliveries_waiting_in_back_off_due_at_once_with_their_audit_row() {
        long waiting = store.store(batch(iface, message("w", 1, null, "lab")), T0).get(0).id();
        long due = store.store(batch(iface, message("d", 2, null, "lab")), T0).get(0).id();
        long other = store.store(batch(iface, message("o", 3, null, "archive")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.retry(waiting, dest(iface, "lab"), 3, T0 + 60_000, "connection refused"),
                DeliveryOutcome.retry(other, dest(iface, "archive"), 1, T0 + 60_000, "disk full")), T0 + 1);

        AuditEntry audit = new AuditEntry(T0 + 2, "token:ops", null, null, "token", null, "destination.retry",
                "destination:" + iface + "/lab", "ok", null);
        assertThat(store.retryNow(dest(iface, "lab"), T0 + 2, audit)).isEqualTo(1);

        List<PendingDelivery> lab = store.pending(dest(iface, "lab"), Set.of(1, 2), 10);
        assertThat(lab).extracting(PendingDelivery::messageId).containsExactly(waiting, due);
        assertThat(lab.get(0).nextAttemptAt()).as("due now").isNull();
        assertThat(lab.get(0).attempts()).as("attempts kept").isEqualTo(3);
        assertThat(store.pending(dest(iface, "archive"), Set.of(3), 10).get(0).nextAttemptAt()).as("another destination waits on")
                .isEqualTo(T0 + 60_000);
        assertThat(store.accounts().audit(new AuditQuery(null, 50, null, null)).entries())
                .anySatisfy(e -> assertThat(e.entry().target()).isEqualTo("destination:" + iface + "/lab"));
        assertThat(store.retryNow(dest(iface, "lab"), T0 + 3, null)).as("nothing waits any more").isZero();
    }

    private long quarantinedAndSent(int attempts) {
        long id = store.store(batch(iface, message("a", 2, null, "lab", "archive")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.quarantined(id, dest(iface, "lab"), attempts, "AR"),
                DeliveryOutcome.sent(id, dest(iface, "archive"), 1, null, null)), T0 + 5);
        return id;
    }

    private static DeliveryRecord delivery(MessageDetail detail, String destination) {
        return detail.deliveries().stream().filter(d -> d.destination().equals(destination)).findFirst().orElseThrow();
    }

}
