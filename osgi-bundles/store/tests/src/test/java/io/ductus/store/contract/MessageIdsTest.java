package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A message id is never given twice, even after a purge deleted the newest messages and the engine started
 * again: audit lines, replays and operators name messages by id. On SQLite the store gives the ids itself
 * (a plain INTEGER PRIMARY KEY, no AUTOINCREMENT), so this is what keeps it from taking SQLite's
 * "one more than the highest id left".
 */
@ParameterizedClass
@EnumSource(Database.class)
class MessageIdsTest {

    private static final long NOW = 1_780_012_800_000L;
    private static final OpenStores STORES = new OpenStores("message_ids");

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void ids_of_purged_messages_never_come_back_not_even_after_a_restart() {
        String location = STORES.location(db);
        List<Long> given = new ArrayList<>();
        try (JdbcStore store = db.open(location)) {
            given.addAll(store("a", store, 5));
            given.addAll(store("b", store, 1)); // a batch of one: the one-message path
            long newest = given.get(given.size() - 1);
            purgeEverything(store, "a");
            purgeEverything(store, "b");
            List<Long> after = store("a", store, 2);
            assertThat(after.get(0)).as("the first id after the newest message was purged").isGreaterThan(newest);
            given.addAll(after);
            purgeEverything(store, "a");
        }
        try (JdbcStore again = db.open(location)) {
            long next = store("b", again, 1).get(0);
            assertThat(next).as("the first id after a restart with every message purged").isGreaterThan(given.get(given.size() - 1));
        }
        assertThat(given).isSorted().doesNotHaveDuplicates();
    }

    /** Stores {@code n} messages that no destination owes (filtered at once: a purge may take them). */
    private static List<Long> store(String name, JdbcStore store, int n) {
        List<NewMessage> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            batch.add(new NewMessage(NOW, ("m" + i).getBytes(StandardCharsets.UTF_8), "UTF-8", null, 0, null, List.of(), null));
        }
        return store.store(new IntakeBatch(name, Durability.STRICT, batch, null), NOW).stream().map(Stored::id).toList();
    }

    private static void purgeEverything(JdbcStore store, String name) {
        long after = 0;
        RetentionStore.Purged batch;
        do {
            batch = store.retention().purge(name, NOW + 86_400_000L, true, after, 50);
            after = batch.lastId();
        } while (!batch.done());
        assertThat(store.retention().purge(name, NOW + 86_400_000L, true, 0, 50).deleted()).isZero();
    }
}
