package io.ductus.studio.design;

import io.ductus.client.model.TrialResult;

/** A trial result's log lines and service calls as text for the side panel. Pure. */
final class TrialText {

    private TrialText() {
    }

    static String logAndCalls(TrialResult.DestinationResult d) {
        StringBuilder out = new StringBuilder();
        if (d.log().isEmpty()) out.append("No log lines.\n");
        for (String line : d.log()) out.append(line).append('\n');
        out.append('\n');
        if (d.serviceCalls().isEmpty()) out.append("No service calls.\n");
        for (TrialResult.ServiceCall c : d.serviceCalls()) {
            out.append(c.service()).append(' ').append(c.target() == null ? "" : c.target())
                    .append(c.detail() == null ? "" : " · " + c.detail()).append(" → ").append(c.outcome()).append('\n');
        }
        out.append("\nTransform took ").append(String.format(java.util.Locale.ROOT, "%.1f", d.tookMs())).append(" ms");
        return out.toString();
    }
}
