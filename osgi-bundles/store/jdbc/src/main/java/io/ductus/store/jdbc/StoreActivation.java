package io.ductus.store.jdbc;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.store.Reconciled;
import io.ductus.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What both store bundles do when they start: read the {@code ductus.database} framework property and,
 * when it names their database, open it (migrations, reconcile) and register the {@link Store} service.
 * When the database cannot be opened, the engine (which waits for the Store) would wait for ever; so the
 * failure is published as the engine's own "failed" signal, which the launcher reports and exits on.
 */
public final class StoreActivation implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StoreActivation.class);
    /** The start's steps, at debug on the logger the launcher and the engine log theirs to ({@code DUCTUS_STARTUP_STEPS=1}). */
    private static final Logger STEPS = LoggerFactory.getLogger("ductus.startup");

    /** Framework properties set by the launcher (EngineSettings in the engine bundle). */
    public static final String DATABASE = "ductus.database";
    public static final String DATA = "ductus.data";
    /** The engine's start signal (EngineSignal in the engine bundle); the launcher waits for it. */
    static final String SIGNAL_STATE = "ductus.engine.state";
    static final String SIGNAL_REASON = "ductus.engine.reason";

    /** Opens the database a setting names; the data folder resolves relative SQLite paths. */
    @FunctionalInterface
    public interface Opener {
        JdbcStore open(DatabaseSetting setting, Path dataFolder) throws Exception;
    }

    private final JdbcStore store;
    private final ServiceRegistration<?> registration;

    private StoreActivation(JdbcStore store, ServiceRegistration<?> registration) {
        this.store = store;
        this.registration = registration;
    }

    /** Does nothing (and returns an inactive activation) when the setting names another database. */
    public static StoreActivation start(BundleContext context, DatabaseSetting.Kind kind, Opener opener) {
        String data = context.getProperty(DATA);
        String value = context.getProperty(DATABASE);
        if (value == null && data == null) return new StoreActivation(null, null);
        DatabaseSetting setting;
        try {
            setting = value == null ? DatabaseSetting.defaultIn(data) : DatabaseSetting.parse(value);
        } catch (IllegalArgumentException e) {
            return failed(context, "database setting: " + e.getMessage());
        }
        if (setting.kind() != kind) return new StoreActivation(null, null);
        Path dataFolder = Path.of(data == null ? "." : data);
        JdbcStore store = null;
        try {
            long t0 = System.nanoTime();
            step("store opening");
            store = opener.open(setting, dataFolder);
            step("store opened (pool, migrations)");
            Reconciled reconciled = store.reconcile(Clock.systemUTC().millis());
            step("store reconciled");
            int leaves = store.makeCurrentLeaves(Clock.systemUTC().millis());
            step("current periods' leaves there");
            if (leaves > 0) LOG.info("store: {} leaf table(s) of the current periods made", leaves);
            if (reconciled.messagesSettled() > 0 || reconciled.leasesCleared() > 0) {
                LOG.info("store reconciled: {} message(s) settled, {} lease(s) cleared",
                        reconciled.messagesSettled(), reconciled.leasesCleared());
            }
            LOG.info("store open: {} in {} ms", store.describe(), (System.nanoTime() - t0) / 1_000_000);
            Hashtable<String, Object> props = new Hashtable<>();
            props.put("ductus.database.kind", kind.label());
            // Registering starts the engine (it waits for the Store), in this thread.
            ServiceRegistration<?> registration = context.registerService(Store.class, store, props);
            return new StoreActivation(store, registration);
        } catch (Exception e) {
            if (store != null) store.close();
            return failed(context, "database " + setting.display() + " could not be opened: " + rootMessage(e));
        }
    }

    /** A step of the start, with the milliseconds since the JVM started. */
    public static void step(String step) {
        if (STEPS.isDebugEnabled()) STEPS.debug("{} ms {}", java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime(), step);
    }

    /** Tells the launcher, through the engine's signal, why the engine will not start. */
    private static StoreActivation failed(BundleContext context, String reason) {
        LOG.error(reason);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(SIGNAL_STATE, "failed");
        props.put(SIGNAL_REASON, reason);
        return new StoreActivation(null, context.registerService(Object.class.getName(), new Object(), props));
    }

    /** The driver's own words (the first SQLException), else the deepest cause's message. */
    static String rootMessage(Throwable e) {
        String deepest = e.getMessage();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.sql.SQLException && t.getMessage() != null) return t.getMessage();
            if (t.getMessage() != null) deepest = t.getMessage();
        }
        return deepest == null ? e.getClass().getSimpleName() : deepest;
    }

    @Override
    public void close() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregistered it while stopping the bundle
            }
        }
        if (store != null) store.close();
    }
}
