package io.ductus.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A burst of writes grows the WAL; once it has been copied back, the file is cut to the limit. */
class WalSizeTest {

    @TempDir
    Path folder;

    @Test
    void the_wal_file_shrinks_back_after_a_burst() throws Exception {
        Path file = folder.resolve("ductus.db");
        Path wal = folder.resolve("ductus.db-wal");
        JdbcStore store = SqliteStores.open(file);
        try {
            byte[] payload = new byte[1 << 20];
            List<NewMessage> batch = new ArrayList<>();
            for (int i = 0; i < 120; i++) batch.add(new NewMessage(1, payload, "UTF-8", null, 0, null, List.of("out"), null));
            store.store(IntakeBatch.of("burst", Durability.RELAXED, batch), 1); // one transaction: the WAL must hold it all
            assertThat(Files.size(wal)).isGreaterThan(SqliteStores.WAL_SIZE_LIMIT_BYTES);

            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (Files.size(wal) > SqliteStores.WAL_SIZE_LIMIT_BYTES && System.nanoTime() < deadline) {
                Thread.sleep(2 * SqliteStores.CHECKPOINT_INTERVAL_MS);
                // the WAL starts over (and is cut) at the first write after a complete checkpoint
                store.store(IntakeBatch.of("burst", Durability.RELAXED,
                        List.of(new NewMessage(1, new byte[10], "UTF-8", null, 0, null, List.of("out"), null))), 1);
            }
            assertThat(Files.size(wal)).isLessThanOrEqualTo(SqliteStores.WAL_SIZE_LIMIT_BYTES);
        } finally {
            store.close();
        }
    }
}
