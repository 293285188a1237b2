package io.ductus.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WAL file stays bounded: it starts over from its beginning while writes never pause, and a burst that
 * grew it is cut back to the limit once it has been copied.
 */
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

    @Test
    void the_wal_starts_over_while_writes_never_pause() throws Exception {
        Path wal = folder.resolve("ductus.db-wal");
        JdbcStore store = SqliteStores.open(folder.resolve("ductus.db"));
        AtomicBoolean writing = new AtomicBoolean(true);
        Thread writer = Thread.ofPlatform().start(() -> {
            while (writing.get()) {
                store.store(IntakeBatch.of("steady", Durability.RELAXED,
                        List.of(new NewMessage(1, new byte[2000], "UTF-8", null, 0, null, List.of("out"), null))), 1);
            }
        });
        try {
            while (!Files.exists(wal) || Files.size(wal) < 32) Thread.sleep(10);
            int first = restarts(wal);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (restarts(wal) < first + 3 && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(restarts(wal)).as("times the WAL started over while one writer never paused").isGreaterThanOrEqualTo(first + 3);
            assertThat(writer.isAlive()).as("the writer kept going").isTrue();
        } finally {
            writing.set(false);
            writer.join();
            store.close();
        }
    }

    /** The WAL header's checkpoint sequence number (bytes 12 to 15, big-endian): it grows each time the WAL starts over. */
    private static int restarts(Path wal) throws IOException {
        try (FileChannel channel = FileChannel.open(wal, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(16);
            while (header.hasRemaining() && channel.read(header, header.position()) > 0) {
                // read until the 16 bytes are in
            }
            return header.getInt(12);
        }
    }
}
