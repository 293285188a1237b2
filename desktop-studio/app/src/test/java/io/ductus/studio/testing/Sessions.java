package io.ductus.studio.testing;

import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.CurrentThreadTaskExecutor;
import java.time.Clock;
import java.time.ZoneOffset;

/** A server session over the fake engine, running every task at once on the test's thread. */
public final class Sessions {

    private Sessions() {
    }

    public static ServerSession of(FakeApi api, ScriptedDialogs dialogs) {
        return of(api, dialogs, new CurrentThreadTaskExecutor());
    }

    /** With tasks the test runs itself (calls that overlap, as on a network). */
    public static ServerSession of(FakeApi api, ScriptedDialogs dialogs, io.ductus.studio.task.TaskExecutor tasks) {
        return new ServerSession("test-engine", api, api.me, tasks, dialogs, Clock.fixed(FakeApi.T0.plusSeconds(3600), ZoneOffset.UTC));
    }
}
