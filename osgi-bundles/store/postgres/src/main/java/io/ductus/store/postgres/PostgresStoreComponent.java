package io.ductus.store.postgres;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.store.jdbc.StoreActivation;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/** Registers the PostgreSQL Store when {@code ductus.database} is a {@code postgres://} URL. */
@Component(immediate = true, service = {})
public final class PostgresStoreComponent {

    private final StoreActivation activation;

    @Activate
    public PostgresStoreComponent(BundleContext context) {
        this.activation = StoreActivation.start(context, DatabaseSetting.Kind.POSTGRES,
                (setting, data) -> PostgresStores.open(setting.location()));
    }

    @Deactivate
    public void stop() {
        activation.close();
    }
}
