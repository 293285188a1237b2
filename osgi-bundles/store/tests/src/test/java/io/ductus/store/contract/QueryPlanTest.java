package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.QueueReads;
import io.ductus.store.jdbc.Reconciler;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The queue reads are index range scans on both databases, so they cost the same with 1k or 1M waiting.
 * The fixture is shaped like production: 6,000 messages with two deliveries each over two interfaces and
 * eight lanes, 96 % of them done, fresh statistics (ANALYZE). With that, PostgreSQL chooses as it would on a
 * big table; on a table of a few pages it would rightly prefer a sequential scan, so the test neither uses
 * an empty table nor switches sequential scans off.
 */
@ParameterizedClass
@EnumSource(Database.class)
class QueryPlanTest {

    private static final OpenStores STORES = new OpenStores("plans");

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @BeforeAll
    static void fill() {
        for (Database d : Database.values()) {
            JdbcStore store = STORES.get(d);
            for (int b = 0; b < 12; b++) {
                List<NewMessage> messages = new ArrayList<>();
                for (int i = 0; i < 500; i++) {
                    messages.add(new NewMessage(T0, ("m" + i).getBytes(), "UTF-8", "k" + i, i % 8, null,
                            List.of("lab", "archive"), null));
                }
                store.store(IntakeBatch.of(b % 2 == 0 ? "adt" : "orm", Durability.RELAXED, messages), T0);
            }
            try (Connection c = d.connect(STORES.location(d)); Statement s = c.createStatement()) {
                // As in production, most deliveries are done (96 %) and a few wait.
                s.executeUpdate("UPDATE deliveries SET status = 'sent' WHERE message_id % 25 <> 0");
                s.executeUpdate("UPDATE messages SET status = 'sent' WHERE id % 25 <> 0");
                s.execute(d == Database.POSTGRES ? "VACUUM ANALYZE" : "ANALYZE");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void pending_deliveries_of_a_lane_come_from_the_pending_index_in_order_without_sorting() throws Exception {
        String plan = plan(QueueReads.PENDING_IN_LANE, "adt", "lab", 3, 20);
        if (db == Database.SQLITE) {
            assertThat(plan).contains("SEARCH deliveries USING INDEX deliveries_pending (interface_name=? AND destination=? AND lane=?)")
                    .contains("SEARCH m USING INTEGER PRIMARY KEY")
                    .doesNotContain("SCAN deliveries").doesNotContain("SCAN m").doesNotContain("TEMP B-TREE");
        } else {
            assertThat(plan).contains("Index Scan using deliveries_pending").contains("Index Scan using messages_pkey")
                    .doesNotContain("Seq Scan").doesNotContain("Sort");
        }
    }

    @Test
    void pending_and_quarantined_counts_come_from_their_partial_indexes() throws Exception {
        assertThat(plan(QueueReads.PENDING_COUNTS)).contains("deliveries_pending").doesNotContainIgnoringCase("seq scan");
        assertThat(plan(QueueReads.QUARANTINED_COUNTS)).contains("deliveries_quarantined")
                .doesNotContainIgnoringCase("seq scan");
    }

    @Test
    void reconciling_reads_only_the_pending_messages_index() throws Exception {
        String plan = plan(Reconciler.STRANDED, 500);
        assertThat(plan).contains("messages_pending").doesNotContain("SCAN m\n").doesNotContain("Seq Scan on messages");
    }

    private String plan(String sql, Object... params) throws Exception {
        try (Connection c = db.connect(STORES.location(db));
             PreparedStatement ps = c.prepareStatement(db.explain(sql))) {
            for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) plan.append(rs.getString(columns)).append('\n');
            }
            System.out.printf("%s plan of%n%s%n%s%n", db, sql, plan);
            return plan.toString();
        }
    }
}
