package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.store.DestinationRef;
import io.ductus.store.StoreException;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.jdbc.JdbcStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Pauses kept in the store on both databases: once per change, each with its audit row. */
@ParameterizedClass
@EnumSource(Database.class)
class PausedDestinationsTest {

    private static final OpenStores STORES = new OpenStores("paused");

    @Parameter
    Database db;

    private JdbcStore store;
    private DestinationRef lab;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        lab = new DestinationRef(info.getTestMethod().orElseThrow().getName(), "lab");
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void a_pause_is_kept_until_resumed_and_each_change_has_one_audit_row() {
        assertThat(store.setPaused(lab, true, T0, audit("destination.pause"))).isTrue();
        assertThat(store.setPaused(lab, true, T0 + 1, audit("destination.pause"))).isFalse();
        assertThat(store.pausedDestinations()).contains(lab);

        assertThat(store.setPaused(lab, false, T0 + 2, audit("destination.resume"))).isTrue();
        assertThat(store.setPaused(lab, false, T0 + 3, audit("destination.resume"))).isFalse();
        assertThat(store.pausedDestinations()).doesNotContain(lab);
        assertThat(rows()).containsExactly("destination.resume", "destination.pause");
    }

    @Test
    void a_pause_whose_audit_row_is_refused_is_not_kept() {
        AuditEntry noActor = new AuditEntry(T0, null, null, null, "token", null, "destination.pause", target(), "ok", null);
        assertThatThrownBy(() -> store.setPaused(lab, true, T0, noActor)).isInstanceOf(StoreException.class);
        assertThat(store.pausedDestinations()).doesNotContain(lab);
    }

    private AuditEntry audit(String action) {
        return new AuditEntry(T0, "token:ops", null, null, "token", null, action, target(), "ok", null);
    }

    private String target() {
        return "destination:" + lab.interfaceName() + "/lab";
    }

    private java.util.List<String> rows() {
        return store.accounts().audit(new AuditQuery(null, AuditQuery.MAX_LIMIT, null, null)).entries().stream()
                .filter(r -> target().equals(r.entry().target())).map(r -> r.entry().action()).toList();
    }
}
