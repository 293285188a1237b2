package io.ductus.store.jdbc;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Recorded;
import io.ductus.store.RouteBatch;
import io.ductus.store.Routed;
import io.ductus.store.Stored;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a route's flush inside a transaction it is given: the outcomes first (only deliveries still
 * pending change), then, for exactly the sent outcomes that changed a delivery, the routed messages as
 * intake writes them into the target interface, in origin-id order (so the target keeps the order in
 * which the route's lanes delivered), then the settling of the origin messages.
 *
 * <p>Deciding what to insert from what the update changed is what makes a hop happen once: a flush
 * repeated after its commit finds the deliveries finished and inserts nothing, and a flush whose
 * transaction was lost (a crash before the commit) left the deliveries pending, so the route runs again.
 * On PostgreSQL a concurrent flush of the same delivery waits for the first one's row lock and then
 * finds the row no longer pending.
 */
final class RouteWriter {

    private RouteWriter() {
    }

    static Routed write(Connection c, Dialect dialect, Tiers tiers, LeafTables leafTables, RouteBatch batch, long now) throws SQLException {
        java.util.Map<Long, Leaf> leaves = new java.util.HashMap<>();
        List<DeliveryOutcome> changed = OutcomeWriter.update(c, dialect, tiers, leafTables, batch.outcomes(), leaves, now);
        List<Long> origins = new ArrayList<>();
        List<NewMessage> messages = new ArrayList<>();
        for (DeliveryOutcome o : changed) { // in message order
            if (o.kind() != DeliveryOutcome.Kind.SENT) continue;
            origins.add(o.messageId());
            messages.add(batch.messages().get(o.messageId()));
        }
        // The durability here is not used: the caller's transaction decides it.
        List<Stored> stored = messages.isEmpty() ? List.of()
                : IntakeWriter.write(c, dialect, IntakeBatch.of(batch.targetInterface(), Durability.RELAXED, messages),
                        tiers.of(c, batch.targetInterface()), now);
        List<Routed.RoutedMessage> routed = new ArrayList<>(stored.size());
        for (int i = 0; i < stored.size(); i++) routed.add(new Routed.RoutedMessage(origins.get(i), stored.get(i)));
        Recorded recorded = new Recorded(changed.size(),
                Settlement.settle(c, dialect, leafTables, OutcomeWriter.finishedMessages(changed), leaves, now));
        return new Routed(recorded, routed);
    }
}
