package io.ductus.store.sqlite;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.store.jdbc.StoreActivation;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/** Registers the SQLite Store when {@code ductus.database} names a SQLite file (the default). */
@Component(immediate = true, service = {})
public final class SqliteStoreComponent {

    private final StoreActivation activation;

    @Activate
    public SqliteStoreComponent(BundleContext context) {
        this.activation = StoreActivation.start(context, DatabaseSetting.Kind.SQLITE,
                (setting, data) -> SqliteStores.openForEngine(data.resolve(setting.location())));
    }

    @Deactivate
    public void stop() {
        activation.close();
    }
}
