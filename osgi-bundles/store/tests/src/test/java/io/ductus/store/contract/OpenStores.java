package io.ductus.store.contract;

import io.ductus.store.jdbc.JdbcStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/** The stores one test class uses: one fresh database per class and database kind, opened on first use. */
final class OpenStores implements AutoCloseable {

    private final String name;
    private final Map<Database, String> locations = new EnumMap<>(Database.class);
    private final Map<Database, JdbcStore> stores = new EnumMap<>(Database.class);
    private Path folder;

    OpenStores(String name) {
        this.name = name;
    }

    synchronized JdbcStore get(Database db) {
        return stores.computeIfAbsent(db, d -> d.open(location(d)));
    }

    synchronized String location(Database db) {
        return locations.computeIfAbsent(db, d -> d.newLocation(folder(), name));
    }

    synchronized Path folder() {
        if (folder == null) {
            try {
                folder = Files.createTempDirectory("ductus-store-" + name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return folder;
    }

    @Override
    public synchronized void close() {
        stores.values().forEach(JdbcStore::close);
        stores.clear();
    }
}
