package io.ductus.client.model;

import java.util.List;

/** The newest replays, each with its summary. */
@ApiSchema("ReplayList")
public record ReplayList(List<Replay> replays) {

    public ReplayList {
        replays = replays == null ? List.of() : List.copyOf(replays);
    }
}
