package io.ductus.engine.plugins;

import io.ductus.sdk.ConnectorFactory;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;

/** A connector registry filled outside OSGi, the way Declarative Services fills it inside. */
public final class TestRegistries {

    private static final AtomicLong IDS = new AtomicLong(1000);

    private TestRegistries() {
    }

    public static ConnectorRegistry with(ConnectorFactory... factories) {
        ConnectorRegistry registry = new ConnectorRegistry();
        for (ConnectorFactory f : factories) add(registry, f);
        return registry;
    }

    /** Registers a factory; returns the reference that removes it again. */
    public static ServiceReference<ConnectorFactory> add(ConnectorRegistry registry, ConnectorFactory factory) {
        ServiceReference<ConnectorFactory> ref = reference(IDS.incrementAndGet());
        registry.addFactory(factory, ref);
        return ref;
    }

    public static void remove(ConnectorRegistry registry, ConnectorFactory factory, ServiceReference<ConnectorFactory> ref) {
        registry.removeFactory(factory, ref);
    }

    private static ServiceReference<ConnectorFactory> reference(long serviceId) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_ID, serviceId);
        return new ServiceReference<>() {
            @Override
            public Object getProperty(String key) {
                return props.get(key);
            }

            @Override
            public String[] getPropertyKeys() {
                return props.keySet().toArray(String[]::new);
            }

            @Override
            public Bundle getBundle() {
                return null;
            }

            @Override
            public Bundle[] getUsingBundles() {
                return new Bundle[0];
            }

            @Override
            public boolean isAssignableTo(Bundle bundle, String className) {
                return true;
            }

            @Override
            public int compareTo(Object reference) {
                return 0;
            }

            @Override
            public Dictionary<String, Object> getProperties() {
                return props;
            }

            @Override
            public <A> A adapt(Class<A> type) {
                return null;
            }
        };
    }
}
