package io.ductus.client;

import io.ductus.client.model.Replay;
import io.ductus.client.model.ReplayList;
import io.ductus.client.model.ReplayRows;
import io.ductus.client.model.ReplayStart;
import io.ductus.client.model.ReplayTest;
import io.ductus.client.model.ReplayTestMade;

/** The replay operations (start, follow, rows, make a test, cancel): {@link ReplayClient} calls an engine. */
public interface ReplayApi {

    /** Starts a replay (the engine answers at once; it runs on in the background). */
    Replay start(ReplayStart request);

    /** The newest replays (1 to 100). */
    ReplayList list(int limit);

    Replay replay(long id);

    /**
     * A page of the rows that did not come out the same, filtered by kind, destination and field (each may be
     * null); {@code after} is the previous page's next (null for the first). Needs the payloads permission.
     */
    ReplayRows rows(long id, String kind, String destination, String field, String after, int limit);

    /** Makes a row a test of the caller's draft: the stored input and what the draft does with it. */
    ReplayTestMade makeTest(long id, ReplayTest row);

    /** Stops a running replay after the message it is on; one that has ended is answered as it is. */
    Replay cancel(long id);
}
