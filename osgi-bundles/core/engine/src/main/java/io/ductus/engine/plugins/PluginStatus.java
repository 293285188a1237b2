package io.ductus.engine.plugins;

/**
 * One jar in plugins/ as an operator sees it.
 *
 * @param file          the jar's file name
 * @param state         {@code active}, {@code resolved}, {@code pending} (not picked up yet) or {@code failed}
 * @param bundle        its Bundle-SymbolicName, when it has one
 * @param bundleVersion its Bundle-Version, when it has one
 * @param reason        why it failed, in words; null otherwise
 */
public record PluginStatus(String file, String state, String bundle, String bundleVersion, String reason) {

    static PluginStatus failed(String file, String bundle, String version, String reason) {
        return new PluginStatus(file, "failed", bundle, version, reason);
    }

    boolean failed() {
        return "failed".equals(state);
    }
}
