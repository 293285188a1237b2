package io.ductus.engine.plugins;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connector types available now: every {@link ConnectorFactory} service of every active bundle
 * (built-in or dropped into plugins/), by type name. Adding and removing are idempotent; when two
 * bundles offer the same type name, the first registered wins and the other is reported as a conflict.
 */
@Component(service = ConnectorRegistry.class)
public final class ConnectorRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectorRegistry.class);

    /** One factory service and where it came from. */
    public record Registration(ConnectorType type, ConnectorFactory factory, String bundle, String bundleVersion,
                               long serviceId) {
    }

    /** Told when a type becomes available or goes away; called on the thread that changed the registry. */
    public interface Listener {
        void typeAdded(String typeName);

        /** Called before the factory is gone: stop using it here (gracefully) before returning. */
        void typeRemoved(String typeName);
    }

    private final Map<Long, Registration> byService = new ConcurrentHashMap<>();
    private final List<Listener> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    public void addListener(Listener listener) {
        listeners.add(listener);
    }

    public void removeListener(Listener listener) {
        listeners.remove(listener);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addFactory(ConnectorFactory factory, ServiceReference<ConnectorFactory> ref) {
        long serviceId = (Long) ref.getProperty(Constants.SERVICE_ID);
        Bundle bundle = ref.getBundle();
        String from = bundle == null ? "?" : bundle.getSymbolicName() + " " + bundle.getVersion();
        ConnectorType type;
        try {
            type = factory.type();
        } catch (RuntimeException | LinkageError e) {
            // Plugin code is not trusted to behave: one broken factory must not stop the others.
            LOG.error("connector factory {} from {} failed to describe its type: {}", factory.getClass().getName(), from, e.toString());
            return;
        }
        Registration added = new Registration(type, factory, bundle == null ? "?" : bundle.getSymbolicName(),
                bundle == null ? "?" : bundle.getVersion().toString(), serviceId);
        if (byService.putIfAbsent(serviceId, added) != null) return;
        Registration winner = find(type.name()).orElseThrow();
        if (winner.serviceId() == serviceId) {
            LOG.debug("connector type '{}' {} available from {}", type.name(), type.roles(), from);
            listeners.forEach(l -> l.typeAdded(type.name()));
        } else {
            LOG.warn("connector type '{}' from {} ignored: {} {} already provides it", type.name(), from, winner.bundle(),
                    winner.bundleVersion());
        }
    }

    void removeFactory(ConnectorFactory factory, ServiceReference<ConnectorFactory> ref) {
        long serviceId = (Long) ref.getProperty(Constants.SERVICE_ID);
        Registration leaving = byService.get(serviceId);
        if (leaving == null) return;
        boolean wasInUse = inUse(leaving);
        if (wasInUse) listeners.forEach(l -> l.typeRemoved(leaving.type().name()));
        byService.remove(serviceId);
        LOG.debug("connector type '{}' from {} {} removed", leaving.type().name(), leaving.bundle(), leaving.bundleVersion());
        // Another bundle offering the same type takes over.
        if (wasInUse && find(leaving.type().name()).isPresent()) listeners.forEach(l -> l.typeAdded(leaving.type().name()));
    }

    /** The factory in use for a type name: the earliest registered of those offering it. */
    public Optional<Registration> find(String typeName) {
        return byService.values().stream()
                .filter(r -> r.type().name().equals(typeName))
                .min(Comparator.comparingLong(Registration::serviceId));
    }

    /** Every registration, in use or shadowed, ordered by type name then registration. */
    public List<Registration> all() {
        List<Registration> list = new ArrayList<>(byService.values());
        list.sort(Comparator.comparing((Registration r) -> r.type().name()).thenComparingLong(Registration::serviceId));
        return list;
    }

    /** True when this registration is the one used for its type name. */
    public boolean inUse(Registration registration) {
        return find(registration.type().name()).map(r -> r.serviceId() == registration.serviceId()).orElse(false);
    }

    /**
     * The types in use, for checking a project, with their factories' word on which sources answer requests
     * themselves and their factories' own checks of settings.
     */
    public ConnectorTypes types() {
        return ConnectorTypes.of(all().stream().filter(this::inUse).map(Registration::type).toList(), this::answersRequests,
                this::settingsProblems);
    }

    private List<ConfigProblem> settingsProblems(String typeName, Role role, Map<String, Object> settings) {
        Optional<Registration> registration = find(typeName).filter(r -> r.type().has(role));
        if (registration.isEmpty()) return List.of();
        try {
            return registration.get().factory().check(role, registration.get().type().schema(role).parse(settings));
        } catch (RuntimeException | LinkageError e) {
            // Plugin code is not trusted to behave: its failure is a problem of these settings, not of the check.
            return List.of(new ConfigProblem("type", "the " + typeName + " connector failed to check its settings: " + e));
        }
    }

    private Optional<Boolean> answersRequests(String typeName, Map<String, Object> settings) {
        Optional<Registration> registration = find(typeName).filter(r -> r.type().has(Role.SOURCE));
        if (registration.isEmpty()) return Optional.empty();
        try {
            return Optional.of(registration.get().factory().answersRequests(registration.get().type().sourceSchema().parse(settings)));
        } catch (RuntimeException e) {
            return Optional.empty(); // settings it cannot read: the type's own checks report them
        }
    }
}
