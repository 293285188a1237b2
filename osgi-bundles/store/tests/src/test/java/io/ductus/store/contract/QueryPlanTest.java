package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.QuarantineQuery;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.MessageBrowsing;
import io.ductus.store.jdbc.MessageReads;
import io.ductus.store.jdbc.QuarantineReads;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The queue reads are index range scans on both databases, so they cost the same with 1k or 1M waiting, and
 * the message browser's reads each use the index meant for them (see MessageBrowsing). The fixture is shaped
 * like production: 6,000 messages received a second apart with two deliveries each over two interfaces and
 * eight lanes, 96 % of them done (a few quarantined or filtered), fresh statistics (ANALYZE). With that, PostgreSQL chooses as it would on a
 * big table; on a table of a few pages it would rightly prefer a sequential scan, so the test neither uses
 * an empty table nor switches sequential scans off.
 */
@ParameterizedClass
@EnumSource(Database.class)
class QueryPlanTest {

    private static final OpenStores STORES = new OpenStores("plans");

    /** About a kilobyte, as an ADT^A01 is: the size of the rows decides between reading a table and an index. */
    private static final String HL7 = "MSH|^~\\&|EPIC|HOSP|LAB|HOSP|20260101120000||ADT^A01|MSG00001|P|2.5.1\r"
            + "PID|1||123456^^^HOSP^MR||DOE^JANE^Q||19800101|F|||1 MAIN ST^^SPRINGFIELD^IL^62701||555-0100\r"
            + "PV1|1|I|W^389^1^HOSP||||1234^SMITH^JOHN^^^DR|||MED||||1|||1234^SMITH^JOHN^^^DR|IN\r".repeat(8) + "NTE|";

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
                    messages.add(new NewMessage(T0 + (b * 500L + i) * 1000, (HL7 + i).getBytes(), "UTF-8", "k" + i,
                            i % 8, null, List.of("lab", "archive"), null));
                }
                store.store(IntakeBatch.of(b % 2 == 0 ? "adt" : "orm", Durability.RELAXED, messages), T0);
            }
            try (Connection c = d.connect(STORES.location(d)); Statement s = c.createStatement()) {
                // As in production, most deliveries are done (96 %) and a few wait.
                s.executeUpdate("UPDATE deliveries SET status = 'sent' WHERE message_id % 25 <> 0");
                s.executeUpdate("UPDATE messages SET status = 'sent' WHERE id % 25 <> 0");
                // and some ended otherwise, for the browser's status filters.
                s.executeUpdate("UPDATE deliveries SET status = 'quarantined' WHERE message_id % 7 = 1 AND destination = 'lab'");
                s.executeUpdate("UPDATE messages SET status = 'quarantined' WHERE id % 7 = 1");
                s.executeUpdate("UPDATE messages SET status = 'filtered' WHERE id % 89 = 2");
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
    void pending_deliveries_of_several_lanes_in_one_statement_come_from_the_pending_index_per_lane() throws Exception {
        if (db != Database.POSTGRES) return; // SQLite reads lane by lane
        String plan = plan(QueueReads.pendingInLanes(3), 0, 3, 7, "adt", "lab", 20);
        assertThat(plan).contains("Values Scan").contains("Index Scan using deliveries_pending")
                .contains("Index Scan using messages_pkey").doesNotContain("Seq Scan");
    }

    @Test
    void a_lanes_first_pending_delivery_is_one_probe_of_the_pending_index() throws Exception {
        String plan = plan(QueueReads.LANE_HEAD, "adt", "lab", 3);
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
    void a_destinations_lane_counts_read_only_its_part_of_the_pending_index() throws Exception {
        String plan = plan(QueueReads.LANE_COUNTS, "adt", "lab");
        assertThat(plan).contains("deliveries_pending").doesNotContainIgnoringCase("seq scan").doesNotContain("SCAN deliveries ");
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

    @Test
    void the_first_page_walks_the_primary_key_newest_first() throws Exception {
        String plan = plan(MessageBrowsing.idsSql(MessageQuery.newest(null, 50), db.dialect()), 51);
        if (db == Database.SQLITE) assertThat(plan).contains("SCAN m").doesNotContain("TEMP B-TREE");
        else assertThat(plan).contains("Backward using messages_pkey").doesNotContain("Sort");
    }

    @Test
    void one_interface_newest_first_walks_its_index() throws Exception {
        String plan = plan(MessageBrowsing.idsSql(MessageQuery.newest("adt", 50), db.dialect()), "adt", 51);
        assertThat(plan).contains("messages_by_interface").doesNotContain("TEMP B-TREE").doesNotContain("Sort");
    }

    @Test
    void a_rare_status_of_one_interface_walks_its_partial_index() throws Exception {
        String plan = plan(MessageBrowsing.idsSql(new MessageQuery("adt", MessageStatus.QUARANTINED, null, null, null, 50),
                db.dialect()), "adt", 51);
        assertThat(plan).contains("messages_quarantined").doesNotContain("TEMP B-TREE").doesNotContain("Sort");
    }

    @ParameterizedTest
    @EnumSource(value = MessageStatus.class, names = {"PENDING", "QUARANTINED", "FILTERED", "DUPLICATE"})
    void a_rare_status_of_every_interface_reads_only_its_partial_index(MessageStatus status) throws Exception {
        String plan = plan(MessageBrowsing.idsSql(new MessageQuery(null, status, null, null, null, 50), db.dialect()), 51);
        assertThat(plan).contains("messages_" + status.dbValue()).doesNotContain("SCAN m\n")
                .doesNotContain("Seq Scan");
    }

    @Test
    void a_time_range_reads_only_its_range_of_the_time_index() throws Exception {
        MessageQuery q = new MessageQuery("adt", MessageStatus.SENT, T0 + 1_000_000, T0 + 1_100_000, null, 50);
        String plan = plan(MessageBrowsing.idsSql(q, db.dialect()), "adt", T0 + 1_000_000, T0 + 1_100_000, 51);
        if (db == Database.SQLITE) {
            assertThat(plan).contains("SEARCH m USING COVERING INDEX messages_by_time (received_at>? AND received_at<?)");
        } else {
            assertThat(plan).contains("Index Only Scan using messages_by_time").doesNotContain("Seq Scan");
        }
    }

    @Test
    void a_page_and_a_text_search_read_their_messages_by_primary_key() throws Exception {
        MessageQuery q = MessageQuery.newest("adt", 50).withText("m1");
        String page = plan(MessageBrowsing.pageSql(q, db.dialect()), "adt", 51);
        String text = plan(MessageBrowsing.textSql(q, db.dialect()), "adt", 10_000, "NTE|1".getBytes(), 51);
        String end = plan(MessageBrowsing.windowEndSql(q, db.dialect()), "adt", 10_000);
        for (String plan : List.of(page, text)) {
            if (db == Database.SQLITE) {
                assertThat(plan).contains("SEARCH m USING INTEGER PRIMARY KEY (rowid=?)\nLIST SUBQUERY").doesNotContain("SCAN m\n");
            } else {
                // each leaf's primary key (messages_pkey_t49_20260525 on messages_t49_20260525: the partitions)
                assertThat(plan).containsPattern("using messages_pkey\\S* on messages\\S* m").contains("Index Cond: (id = ANY")
                        .doesNotContain("Seq Scan").doesNotContain("Join");
            }
        }
        assertThat(end).contains("messages_by_interface").doesNotContain("Seq Scan");
    }

    @Test
    void quarantine_across_interfaces_walks_the_quarantined_deliveries_newest_first() throws Exception {
        String first = plan(QuarantineReads.pageSql(QuarantineQuery.newest(null, 50)), 51);
        String later = plan(QuarantineReads.pageSql(new QuarantineQuery(null, 3000L, "lab", 50)), 3000L, "lab", 51);
        for (String plan : List.of(first, later)) {
            assertThat(plan).contains("deliveries_quarantined_newest").doesNotContain("TEMP B-TREE").doesNotContain("Sort")
                    .doesNotContain("Seq Scan");
        }
    }

    @Test
    void a_message_finds_its_edited_copies_in_the_index_of_copies() throws Exception {
        assertThat(plan(MessageReads.COPIES_OF, 5L)).contains("messages_edited").doesNotContain("Seq Scan");
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
