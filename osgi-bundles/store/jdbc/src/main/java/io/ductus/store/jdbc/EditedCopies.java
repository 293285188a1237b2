package io.ductus.store.jdbc;

import io.ductus.store.ActionRefusedException;
import io.ductus.store.Changed;
import io.ductus.store.DeliveryChange;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.EditRequest;
import io.ductus.store.Edited;
import io.ductus.store.MessageChange;
import io.ductus.store.MessageStatus;
import io.ductus.store.jdbc.MessageActions.Row;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An edit: a corrected copy stored as a new message of the original's interface, pending for the chosen
 * destinations, and the original's quarantined deliveries to those destinations filtered in its favour; in
 * a transaction it is given. The original is locked first, as every action does ({@link MessageActions}).
 * A chosen destination still pending on the original is refused: a worker may be sending it right now, and
 * the copy would then be sent beside it.
 */
final class EditedCopies {

    static final String ORIGINAL = "SELECT interface_name, source_info FROM messages WHERE id = ?%s";
    static final String INSERT_COPY = """
            INSERT INTO messages (interface_name, received_at, status, payload, charset, ordering_key, lane,
                                  source_info, edited_from, tier)
            VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?) RETURNING id""";
    /** On SQLite the store gives the id ({@link MessageIds}), bound first. */
    static final String INSERT_COPY_WITH_ID = INSERT_COPY.replace("INSERT INTO messages (", "INSERT INTO messages (id, ")
            .replace("VALUES (", "VALUES (?, ");

    private EditedCopies() {
    }

    static Edited edit(Connection c, Dialect dialect, Tiers tiers, EditRequest request, long now) throws SQLException {
        long originalId = request.originalId();
        SortedSet<Long> ids = new TreeSet<>(List.of(originalId));
        Map<Long, Leaf> leaves = Settlement.lock(c, dialect, ids);
        String interfaceName;
        String sourceInfo;
        try (PreparedStatement ps = c.prepareStatement(MessageActions.keyed(ORIGINAL, leaves))) {
            ps.setLong(1, originalId);
            MessageActions.bindKeys(ps, 2, leaves, originalId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) throw new ActionRefusedException("there is no message " + originalId);
                interfaceName = rs.getString(1);
                sourceInfo = rs.getString(2);
            }
        }
        Map<Long, MessageStatus> before = MessageActions.statuses(c, ids, leaves);
        List<Row> chosen = chosen(MessageActions.rows(c, ids, leaves), request);
        List<String> destinations = chosen.stream().map(r -> r.destination().destination()).toList();
        long copyId = insertCopy(c, dialect, request, interfaceName, tiers.of(c, interfaceName), sourceInfo, destinations, now);
        List<Row> quarantined = chosen.stream().filter(r -> r.status() == DeliveryStatus.QUARANTINED).toList();
        List<DeliveryChange> changes = MessageActions.filter(c, quarantined, request.lastError(copyId), leaves, now);
        List<MessageChange> messages = changes.isEmpty() ? List.of()
                : MessageActions.settleAgain(c, dialect, ids, before, leaves, now);
        return new Edited(copyId, interfaceName, request.lane(), destinations, new Changed(changes, messages));
    }

    /** The original's deliveries the copy replaces: the named ones, or else the quarantined ones. */
    private static List<Row> chosen(List<Row> deliveries, EditRequest request) {
        long id = request.originalId();
        List<Row> chosen = new ArrayList<>();
        for (String name : new TreeSet<>(request.destinations())) {
            Row row = deliveries.stream().filter(r -> r.destination().destination().equals(name)).findFirst()
                    .orElseThrow(() -> new ActionRefusedException("message " + id + " has no delivery to " + name));
            chosen.add(row);
        }
        if (request.destinations().isEmpty()) {
            deliveries.stream().filter(r -> r.status() == DeliveryStatus.QUARANTINED).forEach(chosen::add);
        }
        for (Row r : chosen) {
            if (r.status() == DeliveryStatus.PENDING) {
                throw new ActionRefusedException("message " + id + " is still pending for " + r.destination().destination()
                        + ": a worker may be sending it; dismiss it or wait until it is finished");
            }
        }
        if (chosen.isEmpty()) {
            throw new ActionRefusedException("message " + id + " has no quarantined delivery: name the destinations"
                    + " the edited copy should go to");
        }
        return chosen;
    }

    private static long insertCopy(Connection c, Dialect dialect, EditRequest request, String interfaceName, int tier,
                                   String sourceInfo, List<String> destinations, long now) throws SQLException {
        long copyId;
        boolean given = dialect == Dialect.SQLITE;
        try (PreparedStatement ps = c.prepareStatement(given ? INSERT_COPY_WITH_ID : INSERT_COPY)) {
            int p = 1;
            if (given) ps.setLong(p++, MessageIds.next(c));
            ps.setString(p++, interfaceName);
            ps.setLong(p++, now);
            ps.setBytes(p++, request.payload());
            ps.setString(p++, request.charset());
            ps.setString(p++, request.orderingKey());
            ps.setInt(p++, request.lane());
            ps.setString(p++, sourceInfo);
            ps.setLong(p++, request.originalId());
            ps.setInt(p, tier);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) throw new SQLException("INSERT ... RETURNING id returned no row");
                copyId = rs.getLong(1);
            }
        }
        List<IntakeWriter.NewDelivery> deliveries = new ArrayList<>();
        for (String destination : destinations) deliveries.add(new IntakeWriter.NewDelivery(copyId, destination, request.lane(), tier, now));
        IntakeWriter.insertDeliveries(c, dialect, interfaceName, deliveries, now);
        return copyId;
    }
}
