package io.ductus.client;

import io.ductus.client.model.Replay;
import io.ductus.client.model.ReplayList;
import io.ductus.client.model.ReplayRows;
import io.ductus.client.model.ReplayStart;
import io.ductus.client.model.ReplayTest;
import io.ductus.client.model.ReplayTestMade;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The replay operations of a {@link DuctusClient} ({@code client.replays()}): start a replay of stored messages
 * through a candidate, follow it, page through its rows, make a row a test of the caller's draft, cancel it.
 */
public final class ReplayClient implements ReplayApi {

    private final DuctusClient client;

    ReplayClient(DuctusClient client) {
        this.client = client;
    }

    /** Starts a replay (the engine answers at once; it runs on in the background). */
    @Override
    public Replay start(ReplayStart request) {
        return client.call(Operation.START_REPLAY, Operation.START_REPLAY.path(), request, Replay.class);
    }

    /** The newest replays (1 to 100). */
    @Override
    public ReplayList list(int limit) {
        return client.get(Operation.LIST_REPLAYS, Operation.LIST_REPLAYS.path() + DuctusClient.queryString(Map.of("limit", limit)),
                ReplayList.class);
    }

    @Override
    public Replay replay(long id) {
        return client.get(Operation.GET_REPLAY, Operation.GET_REPLAY.expand(id), Replay.class);
    }

    /**
     * A page of the rows that did not come out the same, filtered by kind, destination and field (each may be
     * null); {@code after} is the previous page's next (null for the first). Needs the payloads permission.
     */
    @Override
    public ReplayRows rows(long id, String kind, String destination, String field, String after, int limit) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("kind", kind);
        query.put("destination", destination);
        query.put("field", field);
        query.put("after", after);
        query.put("limit", limit);
        return client.get(Operation.LIST_REPLAY_ROWS, Operation.LIST_REPLAY_ROWS.expand(id) + DuctusClient.queryString(query),
                ReplayRows.class);
    }

    /** Makes a row a test of the caller's draft: the stored input and what the draft does with it. */
    @Override
    public ReplayTestMade makeTest(long id, ReplayTest row) {
        return client.call(Operation.MAKE_REPLAY_TEST, Operation.MAKE_REPLAY_TEST.expand(id), row, ReplayTestMade.class);
    }

    /** Stops a running replay after the message it is on; one that has ended is answered as it is. */
    @Override
    public Replay cancel(long id) {
        return client.call(Operation.CANCEL_REPLAY, Operation.CANCEL_REPLAY.expand(id), null, Replay.class);
    }
}
