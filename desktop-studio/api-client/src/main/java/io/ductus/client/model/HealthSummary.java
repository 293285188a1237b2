package io.ductus.client.model;

/** An interface's or destination's health, worst first: stopped, paused, error, ok; with what to look at. */
@ApiSchema("HealthSummary")
public record HealthSummary(String state, String reason) {

    public static final HealthSummary UNKNOWN = new HealthSummary("unknown", null);

    public boolean ok() {
        return "ok".equals(state);
    }
}
