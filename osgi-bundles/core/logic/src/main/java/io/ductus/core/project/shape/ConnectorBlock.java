package io.ductus.core.project.shape;

import io.ductus.sdk.Role;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A source or destination: {@code type:}, the engine's own keys for that role, and the connector's
 * settings, which the connector type's {@link io.ductus.sdk.config.ConfigSchema} checks.
 *
 * @param role           source or destination
 * @param engineSettings keys the engine handles itself (besides {@code type})
 * @param shortcut       a single word that may stand for the whole block ({@code source: internal}), if any
 */
public record ConnectorBlock(Role role, List<Setting> engineSettings, Optional<String> shortcut) implements Shape {

    public ConnectorBlock {
        Objects.requireNonNull(role, "role");
        engineSettings = List.copyOf(engineSettings);
        Objects.requireNonNull(shortcut, "shortcut");
    }

    public Optional<Setting> find(String key) {
        return engineSettings.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    public String roleName() {
        return role == Role.SOURCE ? "source" : "destination";
    }

    @Override
    public String expected() {
        return "a mapping with type: and the " + roleName() + "'s settings" + shortcut.map(s -> ", or " + s).orElse("");
    }
}
