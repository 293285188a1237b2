package io.ductus.studio.testing;

import io.ductus.client.ApiException;
import io.ductus.client.DuctusApi;
import io.ductus.client.MessageQuery;
import io.ductus.client.events.EventListener;
import io.ductus.client.events.EventStream;
import io.ductus.client.model.AuditEntry;
import io.ductus.client.model.AuditPage;
import io.ductus.client.model.Changed;
import io.ductus.client.model.Connector;
import io.ductus.client.model.CreatedToken;
import io.ductus.client.model.Delivery;
import io.ductus.client.model.DeliveryChange;
import io.ductus.client.model.Destination;
import io.ductus.client.model.DestinationHealth;
import io.ductus.client.model.Dismiss;
import io.ductus.client.model.Drain;
import io.ductus.client.model.Edit;
import io.ductus.client.model.Edited;
import io.ductus.client.model.EngineInfo;
import io.ductus.client.model.Health;
import io.ductus.client.model.HealthSummary;
import io.ductus.client.model.InterfaceInfo;
import io.ductus.client.model.InterfaceList;
import io.ductus.client.model.Me;
import io.ductus.client.model.Message;
import io.ductus.client.model.MessagePage;
import io.ductus.client.model.MessageSummary;
import io.ductus.client.model.NewToken;
import io.ductus.client.model.NewUser;
import io.ductus.client.model.Payload;
import io.ductus.client.model.QuarantinePage;
import io.ductus.client.model.QuarantinedDelivery;
import io.ductus.client.model.Ready;
import io.ductus.client.model.Resend;
import io.ductus.client.model.Session;
import io.ductus.client.model.Token;
import io.ductus.client.model.TokenList;
import io.ductus.client.model.User;
import io.ductus.client.model.UserList;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An engine in memory for view-model tests: interfaces, messages with payloads and deliveries, the audit log,
 * users and tokens, answering as the REST API does (pages newest first, resend moving deliveries to pending);
 * every call is recorded, and the next calls can be made to fail as the network or the engine would.
 */
public final class FakeApi implements DuctusApi {

    public static final Instant T0 = Instant.parse("2026-12-01T08:00:00Z");

    public final List<String> calls = new CopyOnWriteArrayList<>();
    public final Map<String, InterfaceInfo> interfaces = new LinkedHashMap<>();
    public final Map<Long, Message> messages = new LinkedHashMap<>();
    public final Map<Long, String> payloads = new LinkedHashMap<>();
    public final List<AuditEntry> audit = new ArrayList<>();
    public final List<User> users = new ArrayList<>();
    public final List<Token> tokens = new ArrayList<>();
    public Me me = new Me("user:alice", "session", "alice", null, "operator", List.of("payloads"), false);
    public Drain drain = new Drain(false, null, false, 0, 0);
    private final List<ApiException> failures = new ArrayList<>();

    /** The next call fails with this (then the next one is served again). */
    public FakeApi failNext(ApiException e) {
        failures.add(e);
        return this;
    }

    public static ApiException unreachable() {
        return new ApiException(ApiException.Kind.UNREACHABLE, 0, "Cannot reach the engine", "connection refused at http://fake");
    }

    public static ApiException forbidden(String detail) {
        return new ApiException(ApiException.Kind.FORBIDDEN, 403, "Forbidden", detail);
    }

    public static ApiException unauthorized() {
        return new ApiException(ApiException.Kind.UNAUTHORIZED, 401, "Unauthorized", "The session expired.");
    }

    private void call(String what) {
        calls.add(what);
        failIfAsked();
    }

    /** Throws the next failure asked for with {@link #failNext}, if any. */
    void failIfAsked() {
        if (!failures.isEmpty()) throw failures.removeFirst();
    }

    public final FakeDesign design = new FakeDesign(this);
    public final FakeReplays replays = new FakeReplays(this);

    /** The revision an interface runs (after a deploy in {@link FakeDesign}). */
    void runsRevision(String name, int revision) {
        InterfaceInfo i = interfaces.get(name);
        if (i == null) return;
        interfaces.put(name, new InterfaceInfo(name, i.state(), i.reason(), i.owner(), revision, i.source(), i.health(), i.ownHealth(),
                i.destinations(), i.problems(), i.lastReceivedAt(), i.deliveredBy()));
    }

    @Override
    public io.ductus.client.DesignApi design() {
        return design;
    }

    @Override
    public io.ductus.client.ReplayApi replays() {
        return replays;
    }

    // ---- building the engine's state

    public FakeApi anInterface(String name, String... destinations) {
        List<Destination> ds = new ArrayList<>();
        for (String d : destinations) ds.add(destination(name, d, false, 0, 0));
        HealthSummary ok = new HealthSummary("ok", null);
        interfaces.put(name, new InterfaceInfo(name, "running", null, null, 1, new Connector("mllp", "ok", null), ok, ok, ds, List.of(), null, null));
        return this;
    }

    public static Destination destination(String iface, String name, boolean paused, long pending, long quarantined) {
        DestinationHealth health = paused ? new DestinationHealth("paused", "paused by an operator; messages wait", null, null, null)
                : quarantined > 0 ? new DestinationHealth("error", quarantined + " message(s) quarantined", null, null, null)
                : new DestinationHealth("ok", null, null, null, null);
        return new Destination(iface, name, paused, new Connector("file", "ok", null), pending, quarantined, health, null);
    }

    /** Sets one destination's queue (and the interface's health as the engine would judge it). */
    public void queue(String iface, String destination, long pending, long quarantined) {
        InterfaceInfo i = interfaces.get(iface);
        List<Destination> ds = new ArrayList<>();
        for (Destination d : i.destinations()) ds.add(d.name().equals(destination) ? destination(iface, destination, d.paused(), pending, quarantined) : d);
        boolean bad = ds.stream().anyMatch(d -> !d.health().ok());
        interfaces.put(iface, new InterfaceInfo(iface, i.state(), i.reason(), i.owner(), i.revision(), i.source(), bad ? new HealthSummary("error", "destination "
                + destination + ": " + quarantined + " message(s) quarantined") : new HealthSummary("ok", null), i.ownHealth(), ds, i.problems(), i.lastReceivedAt(),
                i.deliveredBy()));
    }

    public Message message(long id, String iface, String status, String payload, Delivery... deliveries) {
        Message m = new Message(id, iface, T0.plusSeconds(id), status, payload.length(), "UTF-8", "MRN" + id, 0, null, null, null, null,
                "remote=10.1.2.3:5000", List.of(deliveries), List.of());
        messages.put(id, m);
        payloads.put(id, payload);
        return m;
    }

    public static Delivery delivery(String destination, String status, String lastError) {
        return new Delivery(destination, status, 1, null, lastError, null, 1, T0);
    }

    // ---- DuctusApi

    @Override
    public URI base() {
        return URI.create("http://fake:7700");
    }

    @Override
    public Session signIn(String username, String password) {
        call("signIn " + username);
        if (!"right password".equals(password) && !password.startsWith("correct")) {
            throw new ApiException(ApiException.Kind.UNAUTHORIZED, 401, "Unauthorized", "Wrong user name or password.");
        }
        return new Session(me, "csrf", 43200, 604800);
    }

    @Override
    public void signOut() {
        call("signOut");
    }

    @Override
    public Me me() {
        call("me");
        return me;
    }

    @Override
    public void changePassword(String current, String replacement) {
        call("changePassword");
        me = new Me(me.actor(), me.via(), me.user(), me.token(), me.role(), me.permissions(), false);
    }

    @Override
    public Health health() {
        call("health");
        return new Health("ok");
    }

    @Override
    public Ready ready() {
        call("ready");
        return new Ready("ready", List.of());
    }

    @Override
    public EngineInfo engine() {
        call("engine");
        return new EngineInfo("0.1.0", "running", T0, 60, new EngineInfo.Database("sqlite", "sqlite:/d"), drain.draining());
    }

    @Override
    public InterfaceList interfaces() {
        call("interfaces");
        return new InterfaceList(drain.draining(), List.copyOf(interfaces.values()));
    }

    @Override
    public InterfaceInfo anInterface(String name) {
        call("interface " + name);
        InterfaceInfo i = interfaces.get(name);
        if (i == null) throw new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "There is no interface '" + name + "'.");
        return i;
    }

    @Override
    public Destination pause(String iface, String destination) {
        return setPaused(iface, destination, true);
    }

    @Override
    public Destination resume(String iface, String destination) {
        return setPaused(iface, destination, false);
    }

    private Destination setPaused(String iface, String destination, boolean paused) {
        call((paused ? "pause " : "resume ") + iface + "/" + destination);
        InterfaceInfo i = interfaces.get(iface);
        List<Destination> ds = new ArrayList<>();
        Destination changed = null;
        for (Destination d : i.destinations()) {
            Destination n = d.name().equals(destination) ? destination(iface, destination, paused, d.pending(), d.quarantined()) : d;
            if (n != d) changed = n;
            ds.add(n);
        }
        interfaces.put(iface, new InterfaceInfo(iface, i.state(), i.reason(), i.owner(), i.revision(), i.source(), i.health(), i.ownHealth(), ds,
                i.problems(), i.lastReceivedAt(), i.deliveredBy()));
        return changed;
    }

    @Override
    public Drain drain() {
        call("drain");
        return drain;
    }

    @Override
    public io.ductus.client.model.Retention retention() {
        call("retention");
        return new io.ductus.client.model.Retention("7w", "6y", 0, null, 0, 0, null, List.of());
    }

    @Override
    public io.ductus.client.model.InterfaceRetention confirmRetention(String interfaceName) {
        call("confirmRetention " + interfaceName);
        throw new ApiException(ApiException.Kind.CONFLICT, 409, "Nothing to confirm", interfaceName + " waits for no confirmation");
    }

    @Override
    public Drain startDrain() {
        call("startDrain");
        drain = new Drain(true, T0, false, 3, 0);
        return drain;
    }

    @Override
    public Drain stopDrain() {
        call("stopDrain");
        drain = new Drain(false, null, false, 0, 0);
        return drain;
    }

    @Override
    public MessagePage messages(MessageQuery q) {
        call("messages " + q);
        List<MessageSummary> all = messages.values().stream()
                .filter(m -> q.interfaceName() == null || m.interfaceName().equals(q.interfaceName()))
                .filter(m -> q.status() == null || m.status().equals(q.status()))
                .filter(m -> q.from() == null || !m.receivedAt().isBefore(q.from()))
                .filter(m -> q.before() == null || m.id() < q.before())
                .filter(m -> q.text() == null || payloads.get(m.id()).contains(q.text()))
                .sorted(Comparator.comparingLong(Message::id).reversed())
                .map(FakeApi::summary).toList();
        List<MessageSummary> page = all.subList(0, Math.min(q.limit(), all.size()));
        Long next = all.size() > q.limit() ? page.getLast().id() : null;
        return new MessagePage(page, next, false);
    }

    static MessageSummary summary(Message m) {
        return new MessageSummary(m.id(), m.interfaceName(), m.receivedAt(), m.status(), m.size(), m.charset(), m.orderingKey(), m.lane(),
                m.dedupeKey(), m.duplicateOf(), m.settledAt(), m.editedFrom());
    }

    @Override
    public Message message(long id) {
        call("message " + id);
        Message m = messages.get(id);
        if (m == null) throw new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "There is no message " + id + ".");
        return m;
    }

    @Override
    public Payload payload(long id) {
        call("payload " + id);
        if (!me.has("payloads")) throw forbidden("getMessagePayload needs viewer + payloads; you are " + me.role());
        return new Payload(payloads.get(id), StandardCharsets.UTF_8);
    }

    @Override
    public Payload output(long id, String destination) {
        call("output " + id + "/" + destination);
        return new Payload("saved by " + destination, StandardCharsets.UTF_8);
    }

    @Override
    public QuarantinePage quarantine(String iface, QuarantinePage.Cursor after, int limit) {
        call("quarantine " + iface + " " + after);
        List<QuarantinedDelivery> all = new ArrayList<>();
        messages.values().stream().sorted(Comparator.comparingLong(Message::id).reversed()).forEach(m -> {
            for (Delivery d : m.deliveries()) {
                if ("quarantined".equals(d.status()) && (iface == null || iface.equals(m.interfaceName()))) {
                    all.add(new QuarantinedDelivery(summary(m), d.destination(), d.attempts(), d.lastError(), d.updatedAt()));
                }
            }
        });
        int start = 0;
        if (after != null) {
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).message().id() == after.before() && all.get(i).destination().equals(after.beforeDestination())) start = i + 1;
            }
        }
        List<QuarantinedDelivery> page = all.subList(start, Math.min(all.size(), start + limit));
        QuarantinePage.Cursor next = start + limit < all.size()
                ? new QuarantinePage.Cursor(page.getLast().message().id(), page.getLast().destination()) : null;
        return new QuarantinePage(page, next);
    }

    @Override
    public Changed resend(Resend request) {
        call("resend " + request.ids() + " " + request.destinations());
        List<DeliveryChange> changes = new ArrayList<>();
        for (long id : request.ids()) {
            Message m = messages.get(id);
            List<Delivery> ds = new ArrayList<>();
            for (Delivery d : m.deliveries()) {
                boolean chosen = request.destinations().isEmpty() ? "quarantined".equals(d.status()) : request.destinations().contains(d.destination());
                if (chosen) {
                    changes.add(new DeliveryChange(id, d.destination(), d.status(), "pending"));
                    ds.add(new Delivery(d.destination(), "pending", d.attempts(), null, null, null, d.revision(), T0));
                } else {
                    ds.add(d);
                }
            }
            messages.put(id, withDeliveries(m, "pending", ds));
        }
        return new Changed(changes, List.of());
    }

    @Override
    public Edited edit(long id, Edit request) {
        call("edit " + id + " " + request.destinations());
        long copy = messages.keySet().stream().mapToLong(Long::longValue).max().orElse(0) + 1;
        Message original = messages.get(id);
        message(copy, original.interfaceName(), "pending", request.payload(), delivery(request.destinations().getFirst(), "pending", null));
        return new Edited(copy, original.interfaceName(), request.destinations(), new Changed(List.of(), List.of()));
    }

    @Override
    public Changed dismiss(Dismiss request) {
        call("dismiss " + request.ids() + " " + request.reason());
        for (long id : request.ids()) {
            Message m = messages.get(id);
            List<Delivery> ds = m.deliveries().stream().map(d -> "quarantined".equals(d.status())
                    ? new Delivery(d.destination(), "filtered", d.attempts(), null, "dismissed by user:alice: " + request.reason(), null,
                            d.revision(), T0) : d).toList();
            messages.put(id, withDeliveries(m, "filtered", ds));
        }
        return new Changed(List.of(), List.of());
    }

    private static Message withDeliveries(Message m, String status, List<Delivery> ds) {
        return new Message(m.id(), m.interfaceName(), m.receivedAt(), status, m.size(), m.charset(), m.orderingKey(), m.lane(), m.dedupeKey(),
                m.duplicateOf(), m.settledAt(), m.editedFrom(), m.origin(), ds, m.editedCopies());
    }

    @Override
    public AuditPage audit(Long before, int limit) {
        call("audit " + before);
        List<AuditEntry> rows = audit.stream().filter(e -> before == null || e.id() < before)
                .sorted(Comparator.comparingLong(AuditEntry::id).reversed()).toList();
        List<AuditEntry> page = rows.subList(0, Math.min(limit, rows.size()));
        return new AuditPage(page, rows.size() > limit ? page.getLast().id() : null);
    }

    @Override
    public AuditPage myActivity(Long before, int limit) {
        return audit(before, limit);
    }

    @Override
    public UserList users() {
        call("users");
        return new UserList(users);
    }

    @Override
    public User createUser(NewUser user) {
        call("createUser " + user.username() + " " + user.role() + " " + user.permissions());
        User made = new User(users.size() + 1, user.username(), user.role(), user.permissions(), true, false, null, T0, T0);
        users.add(made);
        return made;
    }

    @Override
    public void setUserPassword(long id, String password) {
        call("setUserPassword " + id);
    }

    @Override
    public TokenList tokens() {
        call("tokens");
        return new TokenList(tokens);
    }

    @Override
    public CreatedToken createToken(NewToken request) {
        call("createToken " + request.name() + " " + request.role() + " " + request.owner());
        Token t = new Token(tokens.size() + 1, request.name(), request.role(), request.permissions(), request.owner(), T0, "user:alice", null);
        tokens.add(t);
        return new CreatedToken(t, "dux_" + "0".repeat(64));
    }

    @Override
    public void revokeToken(long id) {
        call("revokeToken " + id);
        tokens.replaceAll(t -> t.id() == id ? new Token(t.id(), t.name(), t.role(), t.permissions(), t.owner(), t.createdAt(), t.createdBy(), T0) : t);
    }

    @Override
    public EventStream events(EventListener listener) {
        throw new UnsupportedOperationException("view-model tests feed LiveEvents themselves");
    }
}
