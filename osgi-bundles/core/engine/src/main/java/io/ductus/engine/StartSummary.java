package io.ductus.engine;

import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the start line says of the interfaces: how many, and every one that does not run as it should, with
 * why: {@code 3 interfaces; 1 not listening: adt-in (address in use: …); 1 not loaded: broken (2 problems)}.
 */
final class StartSummary {

    private StartSummary() {
    }

    static String of(List<InterfaceState> states) {
        StringBuilder text = new StringBuilder().append(states.size()).append(states.size() == 1 ? " interface" : " interfaces");
        Map<String, List<String>> trouble = new LinkedHashMap<>();
        for (InterfaceState s : states) {
            String why = switch (s.state()) {
                case "running", "draining" -> null;
                case InterfaceManager.NOT_LOADED -> s.problems().size() + (s.problems().size() == 1 ? " problem" : " problems");
                default -> s.reason();
            };
            if (why != null) trouble.computeIfAbsent(s.state(), k -> new ArrayList<>()).add(s.name() + " (" + why + ")");
        }
        trouble.forEach((state, which) -> text.append("; ").append(which.size()).append(' ').append(state).append(": ")
                .append(String.join(", ", which)));
        return text.toString();
    }
}
