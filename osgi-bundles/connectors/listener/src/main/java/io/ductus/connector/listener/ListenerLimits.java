package io.ductus.connector.listener;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * What every listener of the engine shares besides its event loops: the one {@link ReceiveBudget} of bytes in
 * flight and the one count of {@link Refusals}, which /metrics shows. A DS service the connector factories and
 * the engine reference; outside OSGi (tests) made with {@link #ListenerLimits(long)}.
 */
@Component(service = ListenerLimits.class)
public final class ListenerLimits {

    /** The framework property with the budget in bytes ({@code limits.bytes_in_flight_mb} of ductus.yaml). */
    public static final String BYTES_IN_FLIGHT = "ductus.limits.bytes_in_flight";

    private volatile ReceiveBudget budget;
    private final Refusals refusals = new Refusals();

    /** The default budget for this JVM's heap (DS makes it so, then {@link #activate} reads the launcher's setting). */
    public ListenerLimits() {
        this(ReceiveBudget.defaultBytes(Runtime.getRuntime().maxMemory()));
    }

    /** @param budgetBytes bytes in flight at most, engine-wide */
    public ListenerLimits(long budgetBytes) {
        this.budget = new ReceiveBudget(budgetBytes);
    }

    /** In the engine: the budget the launcher set, if it set one, before any listener asks for it. */
    @Activate
    void activate(BundleContext context) {
        String property = context.getProperty(BYTES_IN_FLIGHT);
        if (property != null && !property.isBlank()) budget = new ReceiveBudget(Long.parseLong(property.strip()));
    }

    /** The default budget for this JVM (tests, tools). */
    public static ListenerLimits defaults() {
        return new ListenerLimits();
    }

    public ReceiveBudget budget() {
        return budget;
    }

    public Refusals refusals() {
        return refusals;
    }
}
