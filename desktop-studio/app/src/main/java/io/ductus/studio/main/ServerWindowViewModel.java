package io.ductus.studio.main;

import io.ductus.client.model.Me;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.admin.TokensViewModel;
import io.ductus.studio.admin.UsersViewModel;
import io.ductus.studio.audit.AuditViewModel;
import io.ductus.studio.dashboard.DashboardViewModel;
import io.ductus.studio.design.DesignerViewModel;
import io.ductus.studio.replay.ReplayViewModel;
import io.ductus.studio.task.Delays;
import io.ductus.studio.task.FxDelays;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.messages.CompareViewModel;
import io.ductus.studio.messages.MessageBrowserViewModel;
import io.ductus.studio.messages.MessageDetailViewModel;
import io.ductus.studio.quarantine.QuarantineViewModel;
import io.ductus.studio.server.Navigator;
import io.ductus.studio.server.ServerSession;
import java.util.EnumSet;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One server's window: its screens' view models, which screen shows, who is signed in, the connection's banner,
 * signing in again in place after a 401 (every screen keeps what it had, typed text included), signing out.
 * It is also the {@link Navigator} that a count or a quarantined delivery uses to open the browser.
 */
public final class ServerWindowViewModel implements Navigator {

    private final ServerSession session;
    private final DashboardViewModel dashboard;
    private final MessageBrowserViewModel messages;
    private final CompareViewModel compare;
    private final QuarantineViewModel quarantine;
    private final AuditViewModel audit;
    private final UsersViewModel users;
    private final TokensViewModel tokens;
    private final DesignerViewModel designer;
    private final ReplayViewModel replay;
    private final ObjectProperty<Screen> screen = new SimpleObjectProperty<>(Screen.DASHBOARD);
    private final ReadOnlyStringWrapper who = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper engineText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper connectionText = new ReadOnlyStringWrapper("");
    private final StringProperty signInPassword = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper signInMessage = new ReadOnlyStringWrapper("");
    private final Set<Screen> loaded = EnumSet.noneOf(Screen.class);
    private Runnable onSignedOut = () -> { };

    public ServerWindowViewModel(ServerSession session, Hl7TreeReader reader, Hl7Dictionary dictionary) {
        this(session, reader, dictionary, new FxDelays(session.tasks()));
    }

    public ServerWindowViewModel(ServerSession session, Hl7TreeReader reader, Hl7Dictionary dictionary, Delays delays) {
        this.session = session;
        this.designer = new DesignerViewModel(session, delays, reader, dictionary);
        this.replay = new ReplayViewModel(session, delays);
        this.dashboard = new DashboardViewModel(session, this);
        this.messages = new MessageBrowserViewModel(session, new MessageDetailViewModel(session, this, reader, dictionary));
        this.compare = new CompareViewModel(session, reader, dictionary);
        this.quarantine = new QuarantineViewModel(session, this);
        this.audit = new AuditViewModel(session);
        this.users = new UsersViewModel(session);
        this.tokens = new TokensViewModel(session);
        session.meProperty().addListener((o, a, me) -> describe(me));
        describe(session.me());
        screen.addListener((o, a, s) -> firstShown(s));
    }

    /** Loads the first screen and starts following events. */
    public void start() {
        session.followEvents(); // first, so that what changes while the first screen loads is not missed
        firstShown(screen.get());
        readEngine();
        session.connection().onlineProperty().addListener((o, a, online) -> describeConnection(online));
        session.live().onResync(this::readEngine);
        describeConnection(session.connection().online());
    }

    private void readEngine() {
        session.call(() -> session.api().engine(), e -> engineText.set("engine " + e.version() + " · " + e.state()
                + (e.database() == null ? "" : " · " + e.database().kind()) + (e.draining() ? " · draining" : "")), problem -> { });
    }

    private void describeConnection(boolean online) {
        connectionText.set((online ? "● connected to " : "○ reconnecting to ") + session.api().base());
    }

    /** The status bar's left: connected or reconnecting, and where. */
    public ReadOnlyStringProperty connectionTextProperty() {
        return connectionText.getReadOnlyProperty();
    }

    /** The status bar's right: the engine's version, state and database. */
    public ReadOnlyStringProperty engineTextProperty() {
        return engineText.getReadOnlyProperty();
    }

    private void firstShown(Screen s) {
        if (!loaded.add(s)) return;
        switch (s) {
            case DASHBOARD -> dashboard.load();
            case MESSAGES -> {
                messages.loadInterfaceNames();
                if (messages.messages().isEmpty()) messages.search();
            }
            case QUARANTINE -> quarantine.load();
            case AUDIT -> {
                if (audit.mayRead()) audit.load();
            }
            case USERS -> {
                if (users.mayManage()) users.load();
            }
            case TOKENS -> {
                if (users.mayManage()) tokens.load();
            }
            case DESIGNER -> designer.load();
            case REPLAY -> replay.load();
            case COMPARE -> { }
        }
    }

    private void describe(Me me) {
        if (me == null) {
            who.set("");
            return;
        }
        who.set(me.actor() + " · " + me.role() + (me.permissions().isEmpty() ? "" : " + " + String.join(", ", me.permissions())));
    }

    /** Which screens this caller may use at all (the rest show why not). */
    public boolean allowed(Screen s) {
        Me me = session.me();
        if (me == null) return false;
        return switch (s) {
            case AUDIT -> me.has("audit");
            case USERS, TOKENS -> me.atLeast("admin");
            default -> true;
        };
    }

    public String whyNot(Screen s) {
        return switch (s) {
            case AUDIT -> "The audit log needs the audit permission (an admin can give it). You are " + who.get() + ".";
            case USERS, TOKENS -> "Users and tokens are for admins. You are " + who.get() + ".";
            default -> "";
        };
    }

    public ServerSession session() {
        return session;
    }

    public DashboardViewModel dashboard() {
        return dashboard;
    }

    public MessageBrowserViewModel messages() {
        return messages;
    }

    public DesignerViewModel designer() {
        return designer;
    }

    public ReplayViewModel replay() {
        return replay;
    }

    /** Before the window closes: what waits to be saved goes to the server. */
    public void closing() {
        designer.draft().flush();
    }

    public CompareViewModel compare() {
        return compare;
    }

    public QuarantineViewModel quarantine() {
        return quarantine;
    }

    public AuditViewModel audit() {
        return audit;
    }

    public UsersViewModel users() {
        return users;
    }

    public TokensViewModel tokens() {
        return tokens;
    }

    public ObjectProperty<Screen> screenProperty() {
        return screen;
    }

    public ReadOnlyStringProperty whoProperty() {
        return who.getReadOnlyProperty();
    }

    public String title() {
        return "Ductus Studio — " + session.name();
    }

    public StringProperty signInPasswordProperty() {
        return signInPassword;
    }

    public ReadOnlyStringProperty signInMessageProperty() {
        return signInMessage.getReadOnlyProperty();
    }

    public void onSignedOut(Runnable action) {
        this.onSignedOut = action;
    }

    /** Signs in again after a refusal, as the same user; the screens keep their state and read again. */
    public void signInAgain() {
        Me me = session.me();
        String user = me == null ? null : me.user();
        if (user == null) {
            signInMessage.set("This window used a token: close it and connect again with a new token.");
            return;
        }
        String password = signInPassword.get();
        session.call(() -> session.api().signIn(user, password).me(), fresh -> {
            signInPassword.set("");
            signInMessage.set("");
            session.signedInAgain(fresh);
            dashboard.load();
        }, signInMessage::set);
    }

    /** Ends the session on the engine and closes the window. */
    public void signOut() {
        session.call(() -> {
            session.api().signOut();
            return true;
        }, done -> onSignedOut.run(), problem -> onSignedOut.run());
    }

    public void refresh() {
        switch (screen.get()) {
            case DASHBOARD -> dashboard.load();
            case MESSAGES -> messages.search();
            case QUARANTINE -> quarantine.load();
            case AUDIT -> audit.load();
            case USERS -> users.load();
            case TOKENS -> tokens.load();
            case DESIGNER -> designer.load();
            case REPLAY -> replay.load();
            case COMPARE -> { }
        }
    }

    // ---- Navigator

    @Override
    public void showMessages(String interfaceName, String status) {
        loaded.add(Screen.MESSAGES);
        messages.loadInterfaceNames();
        messages.filter(interfaceName, status);
        screen.set(Screen.MESSAGES);
    }

    @Override
    public void showMessage(long id) {
        if (loaded.add(Screen.MESSAGES)) {
            messages.loadInterfaceNames();
            messages.search();
        }
        messages.detail().show(id);
        screen.set(Screen.MESSAGES);
    }

    @Override
    public void trySample(long id, String interfaceName) {
        loaded.add(Screen.DESIGNER);
        designer.load();
        designer.open(interfaceName);
        designer.trial().addStoredMessage(id);
        screen.set(Screen.DESIGNER);
    }

    @Override
    public void compare(long left, long right) {
        compare.compare(left, right);
        screen.set(Screen.COMPARE);
    }
}
