package io.ductus.core.alert;

import io.ductus.core.time.LocalWindow;
import java.util.Objects;
import java.util.Set;

/**
 * When only some severities may wake anybody: a notice of another severity made inside the window is due
 * when the window ends.
 *
 * @param allowed the severities sent at once even inside the window
 */
public record QuietHours(LocalWindow window, Set<Severity> allowed) {

    public QuietHours {
        Objects.requireNonNull(window, "window");
        allowed = Set.copyOf(allowed);
    }
}
