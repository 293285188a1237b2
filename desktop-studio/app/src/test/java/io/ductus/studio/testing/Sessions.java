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
        return new ServerSession("test-engine", api, api.me, new CurrentThreadTaskExecutor(), dialogs,
                Clock.fixed(FakeApi.T0.plusSeconds(3600), ZoneOffset.UTC));
    }
}
