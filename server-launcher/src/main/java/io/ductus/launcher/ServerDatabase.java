package io.ductus.launcher;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.config.DatabaseSetting;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.file.Path;
import java.util.Map;

/**
 * The server's database opened by a command on the server itself (to make the first admin, say): the
 * same store code the engine runs, so migrations are applied the same way; SQLite is safe to open while
 * the engine runs (its writes wait for the engine's, at most seconds).
 */
final class ServerDatabase {

    private ServerDatabase() {
    }

    static JdbcStore open(DatabaseSetting db) {
        return db.kind() == DatabaseSetting.Kind.SQLITE ? SqliteStores.open(Path.of(db.location())) : PostgresStores.open(db.location());
    }

    /** The audit row of a change made here: the actor is the operating-system user who ran the command. */
    static AuditEntry audit(long now, String action, String target, Map<String, ?> detail) {
        try {
            return new AuditEntry(now, actor(), null, null, "cli", null, action, target, "ok",
                    detail.isEmpty() ? null : new ObjectMapper().writeValueAsString(detail));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an audit detail", e);
        }
    }

    static String actor() {
        return "cli:" + System.getProperty("user.name", "unknown");
    }
}
