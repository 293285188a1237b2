package io.ductus.studio.testing;

import io.ductus.client.ApiException;
import io.ductus.client.ReplayApi;
import io.ductus.client.model.Replay;
import io.ductus.client.model.ReplayList;
import io.ductus.client.model.ReplayRows;
import io.ductus.client.model.ReplayStart;
import io.ductus.client.model.ReplayTest;
import io.ductus.client.model.ReplayTestMade;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays in memory: a started replay runs when the test says ({@link #progress}), and its rows are those the test
 * gave; rows are paged and filtered by kind as the engine does.
 */
public final class FakeReplays implements ReplayApi {

    private final FakeApi api;
    public final Map<Long, Replay> replays = new LinkedHashMap<>();
    public final Map<Long, List<ReplayRows.Row>> rows = new LinkedHashMap<>();
    public final List<ReplayStart> started = new ArrayList<>();
    public final List<ReplayTest> testsMade = new ArrayList<>();

    FakeReplays(FakeApi api) {
        this.api = api;
    }

    /** Moves a replay on: so many of the total replayed, these kinds counted, still running or ended. */
    public void progress(long id, long messages, long total, Map<String, Long> kinds, List<Replay.TopField> top, String status) {
        Replay r = replays.get(id);
        replays.put(id, new Replay(id, status, r.createdBy(), r.createdAt(), status.equals("running") ? null : FakeApi.T0, r.request(),
                new Replay.Summary(messages, total, messages, kinds, top, 1.5, messages, messages, messages, 1, messages, null, null)));
    }

    @Override
    public Replay start(ReplayStart request) {
        api.calls.add("replay start " + request.interfaces() + " " + request.last() + " " + request.candidate());
        started.add(request);
        long id = replays.size() + 1;
        Replay r = new Replay(id, "running", "user:alice", FakeApi.T0, null,
                Map.of("interfaces", request.interfaces(), "candidate", request.candidate()), null);
        replays.put(id, r);
        rows.putIfAbsent(id, new ArrayList<>());
        return r;
    }

    @Override
    public ReplayList list(int limit) {
        List<Replay> newest = new ArrayList<>(replays.values());
        java.util.Collections.reverse(newest);
        return new ReplayList(newest.subList(0, Math.min(limit, newest.size())));
    }

    @Override
    public Replay replay(long id) {
        api.calls.add("replay " + id);
        Replay r = replays.get(id);
        if (r == null) throw new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "There is no replay " + id);
        return r;
    }

    @Override
    public ReplayRows rows(long id, String kind, String destination, String field, String after, int limit) {
        api.calls.add("replay rows " + id + " " + kind + " after " + after);
        List<ReplayRows.Row> all = rows.getOrDefault(id, List.of()).stream().filter(r -> kind == null || r.kind().equals(kind)).toList();
        int from = 0;
        if (after != null) {
            for (int i = 0; i < all.size(); i++) if ((all.get(i).messageId() + ":" + all.get(i).destination()).equals(after)) from = i + 1;
        }
        List<ReplayRows.Row> page = all.subList(from, Math.min(all.size(), from + limit));
        String next = from + limit < all.size() ? page.getLast().messageId() + ":" + page.getLast().destination() : null;
        return new ReplayRows(id, page, next);
    }

    @Override
    public ReplayTestMade makeTest(long id, ReplayTest row) {
        testsMade.add(row);
        return new ReplayTestMade("adt-in", "interfaces/adt-in/tests/replay-" + row.messageId() + ".test.js", "sent", 4);
    }

    @Override
    public Replay cancel(long id) {
        api.calls.add("replay cancel " + id);
        progress(id, replays.get(id).summary().messages(), replays.get(id).summary().total(), replays.get(id).summary().kinds(), List.of(),
                "cancelled");
        return replays.get(id);
    }
}
