package io.ductus.store.jdbc;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.Recorded;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Records delivery outcomes inside a transaction it is given, then settles the messages they finished.
 * Each update changes a delivery only while it is pending and only when the outcome counts more attempts
 * than the row has (the worker counts the attempt it just made on top of what it read), so a flush that is
 * repeated after a failure changes nothing twice, not even a delivery resent in between: a resend keeps
 * the attempts, so the old outcome no longer counts more. Rows are updated
 * in (message, destination) order so that two transactions touching the same rows cannot deadlock.
 */
final class OutcomeWriter {

    static final String FINISH = """
            UPDATE deliveries SET status = ?, attempts = ?, next_attempt_at = NULL, last_error = ?, output = ?,
                                  output_charset = ?, lease_until = NULL, updated_at = ?, revision = ?
            WHERE message_id = ? AND destination = ? AND interface_name = ? AND status = 'pending' AND attempts < ?""";
    static final String RETRY = """
            UPDATE deliveries SET attempts = ?, next_attempt_at = ?, last_error = ?, lease_until = NULL, updated_at = ?,
                                  revision = ?
            WHERE message_id = ? AND destination = ? AND interface_name = ? AND status = 'pending' AND attempts < ?""";

    private static final Comparator<DeliveryOutcome> ROW_ORDER = Comparator.comparingLong(DeliveryOutcome::messageId)
            .thenComparing(o -> o.destination().destination());

    private OutcomeWriter() {
    }

    static Recorded write(Connection c, Dialect dialect, List<DeliveryOutcome> outcomes, long now) throws SQLException {
        List<DeliveryOutcome> changed = update(c, outcomes, now);
        return new Recorded(changed.size(), Settlement.settle(c, dialect, finishedMessages(changed), now));
    }

    /** Applies the outcomes; returns those that changed their delivery, in (message, destination) order. */
    static List<DeliveryOutcome> update(Connection c, List<DeliveryOutcome> outcomes, long now) throws SQLException {
        List<DeliveryOutcome> sorted = outcomes.stream().sorted(ROW_ORDER).toList();
        List<DeliveryOutcome> changed = new ArrayList<>();
        try (PreparedStatement finish = c.prepareStatement(FINISH);
             PreparedStatement retry = c.prepareStatement(RETRY)) {
            for (DeliveryOutcome o : sorted) {
                int n = o.kind() == DeliveryOutcome.Kind.RETRY ? retry(retry, o, now) : finish(finish, o, now);
                if (n > 0) changed.add(o);
            }
        }
        return changed;
    }

    /** The messages of the outcomes that finished a delivery: those that may settle now. */
    static SortedSet<Long> finishedMessages(List<DeliveryOutcome> changed) {
        SortedSet<Long> finished = new TreeSet<>();
        for (DeliveryOutcome o : changed) {
            if (o.kind() != DeliveryOutcome.Kind.RETRY) finished.add(o.messageId());
        }
        return finished;
    }

    private static int finish(PreparedStatement ps, DeliveryOutcome o, long now) throws SQLException {
        ps.setString(1, o.kind().status().dbValue());
        ps.setInt(2, o.attempts());
        ps.setString(3, o.error());
        ps.setBytes(4, o.output());
        if (o.outputCharset() == null) ps.setNull(5, Types.VARCHAR);
        else ps.setString(5, o.outputCharset());
        ps.setLong(6, now);
        setRevision(ps, 7, o);
        ps.setLong(8, o.messageId());
        ps.setString(9, o.destination().destination());
        ps.setString(10, o.destination().interfaceName());
        ps.setInt(11, o.attempts());
        return ps.executeUpdate();
    }

    private static int retry(PreparedStatement ps, DeliveryOutcome o, long now) throws SQLException {
        ps.setInt(1, o.attempts());
        ps.setLong(2, o.nextAttemptAt());
        ps.setString(3, o.error());
        ps.setLong(4, now);
        setRevision(ps, 5, o);
        ps.setLong(6, o.messageId());
        ps.setString(7, o.destination().destination());
        ps.setString(8, o.destination().interfaceName());
        ps.setInt(9, o.attempts());
        return ps.executeUpdate();
    }

    private static void setRevision(PreparedStatement ps, int index, DeliveryOutcome o) throws SQLException {
        if (o.revision() == null) ps.setNull(index, Types.INTEGER);
        else ps.setInt(index, o.revision());
    }
}
