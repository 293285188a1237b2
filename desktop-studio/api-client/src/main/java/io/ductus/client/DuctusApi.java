package io.ductus.client;

import io.ductus.client.events.EventListener;
import io.ductus.client.events.EventStream;
import io.ductus.client.model.AuditPage;
import io.ductus.client.model.Changed;
import io.ductus.client.model.CreatedToken;
import io.ductus.client.model.Destination;
import io.ductus.client.model.Dismiss;
import io.ductus.client.model.Drain;
import io.ductus.client.model.Edit;
import io.ductus.client.model.Edited;
import io.ductus.client.model.EngineInfo;
import io.ductus.client.model.Health;
import io.ductus.client.model.InterfaceInfo;
import io.ductus.client.model.InterfaceList;
import io.ductus.client.model.Me;
import io.ductus.client.model.Message;
import io.ductus.client.model.MessagePage;
import io.ductus.client.model.NewToken;
import io.ductus.client.model.NewUser;
import io.ductus.client.model.Payload;
import io.ductus.client.model.QuarantinePage;
import io.ductus.client.model.Ready;
import io.ductus.client.model.Resend;
import io.ductus.client.model.Session;
import io.ductus.client.model.TokenList;
import io.ductus.client.model.User;
import io.ductus.client.model.UserList;
import java.net.URI;

/**
 * The operations of a Ductus engine's REST API as a Java interface: {@link DuctusClient} calls a real engine;
 * the studio's view-model tests use an in-memory one. Every method blocks until the engine answers and
 * throws {@link ApiException} when it does not succeed.
 */
public interface DuctusApi {

    URI base();

    /** Signs in with a user name and password: later calls carry the session cookie and CSRF token. */
    Session signIn(String username, String password);

    /** Ends this session on the engine (a token caller has none to end: nothing is sent). */
    void signOut();

    Me me();

    void changePassword(String current, String replacement);

    Health health();

    Ready ready();

    EngineInfo engine();

    InterfaceList interfaces();

    InterfaceInfo anInterface(String name);

    Destination pause(String interfaceName, String destination);

    Destination resume(String interfaceName, String destination);

    Drain drain();

    /** Each interface's retention window, what is kept and the last run. */
    io.ductus.client.model.Retention retention();

    /** Confirms an interface's shorter window (administrators): its older messages are deleted from now on. */
    io.ductus.client.model.InterfaceRetention confirmRetention(String interfaceName);

    Drain startDrain();

    Drain stopDrain();

    MessagePage messages(MessageQuery q);

    Message message(long id);

    /** The payload as stored (needs the payloads permission; the engine audits the read). */
    Payload payload(long id);

    /** What a destination saved of its delivery (payloads permission; audited). */
    Payload output(long id, String destination);

    /** Quarantined deliveries, newest message first; {@code after} is the previous page's next (null for the first). */
    QuarantinePage quarantine(String interfaceName, QuarantinePage.Cursor after, int limit);

    Changed resend(Resend request);

    Edited edit(long id, Edit request);

    Changed dismiss(Dismiss request);

    AuditPage audit(Long before, int limit);

    AuditPage myActivity(Long before, int limit);

    UserList users();

    User createUser(NewUser user);

    void setUserPassword(long id, String password);

    TokenList tokens();

    CreatedToken createToken(NewToken request);

    void revokeToken(long id);

    /** The design operations: revisions, diffs, deploys, rollback, drafts, trials. */
    DesignApi design();

    /** The replay operations: start, follow, rows, make a test, cancel. */
    ReplayApi replays();

    /**
     * Follows the engine's server-sent events on a thread of its own until closed: reconnects with back-off
     * when the stream ends, and tells the listener to read the state again (resync) whenever it may have
     * missed something.
     */
    EventStream events(EventListener listener);
}
