package io.ductus.store;

import java.util.List;

/**
 * What an edit did: the copy it stored (pending, one delivery per destination) and what changed on the
 * original (its quarantined deliveries among those destinations filtered, its status derived again).
 */
public record Edited(long copyId, String interfaceName, int lane, List<String> destinations, Changed original) {

    public Edited {
        destinations = List.copyOf(destinations);
    }
}
