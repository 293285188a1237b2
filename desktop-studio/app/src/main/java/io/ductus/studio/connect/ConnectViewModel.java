package io.ductus.studio.connect;

import io.ductus.client.ApiException;
import io.ductus.client.DuctusApi;
import io.ductus.client.model.Me;
import io.ductus.studio.task.BackgroundTask;
import io.ductus.studio.task.TaskExecutor;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;

/**
 * The connect screen: saved servers (each asked in the background whether it answers, so none delays the
 * start), signing in with a user name and password or with a token, the password change an admin-chosen
 * password asks for, and opening the server's window. Passwords and tokens live in memory only.
 */
public final class ConnectViewModel {

    /** Where the screen is. */
    public enum Phase { SIGN_IN, BUSY, CHANGE_PASSWORD }

    private final TaskExecutor tasks;
    private final StudioSettings settings;
    private final ClientFactory clients;
    private final BiConsumer<ServerProfile, Signed> opener;
    private final ObservableList<ServerProfile> profiles = FXCollections.observableArrayList();
    private final ObservableMap<String, String> reachability = FXCollections.observableMap(new HashMap<>());
    private final ObjectProperty<ServerProfile> selected = new SimpleObjectProperty<>();
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty url = new SimpleStringProperty("http://127.0.0.1:7700");
    private final StringProperty username = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final StringProperty token = new SimpleStringProperty("");
    private final BooleanProperty useToken = new SimpleBooleanProperty();
    private final StringProperty newPassword = new SimpleStringProperty("");
    private final StringProperty newPasswordAgain = new SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(Phase.SIGN_IN);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private DuctusApi pending;
    /** Set while the view model selects a profile itself (after signing in): the form keeps what was typed. */
    private boolean selecting;
    private ServerProfile pendingProfile;

    /** A signed-in client and its caller, handed to whoever opens the server's window. */
    public record Signed(DuctusApi api, Me me) {
    }

    public ConnectViewModel(TaskExecutor tasks, StudioSettings settings, ClientFactory clients,
                            BiConsumer<ServerProfile, Signed> opener) {
        this.tasks = tasks;
        this.settings = settings;
        this.clients = clients;
        this.opener = opener;
        profiles.setAll(settings.saved().profiles());
        selected.addListener((o, was, p) -> {
            if (!selecting) fill(p);
        });
        String last = settings.saved().lastProfile();
        profiles.stream().filter(p -> p.name().equals(last)).findFirst().or(() -> profiles.stream().findFirst()).ifPresent(selected::set);
        if (settings.problem() != null) message.set(settings.problem());
    }

    public ObservableList<ServerProfile> profiles() {
        return profiles;
    }

    /** Per profile name: "answers", "not answering: …" or "asking…". */
    public ObservableMap<String, String> reachability() {
        return reachability;
    }

    public ObjectProperty<ServerProfile> selectedProperty() {
        return selected;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty urlProperty() {
        return url;
    }

    public StringProperty usernameProperty() {
        return username;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    public StringProperty tokenProperty() {
        return token;
    }

    public BooleanProperty useTokenProperty() {
        return useToken;
    }

    public StringProperty newPasswordProperty() {
        return newPassword;
    }

    public StringProperty newPasswordAgainProperty() {
        return newPasswordAgain;
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Asks every saved server whether it answers, in the background. */
    public void probeAll() {
        for (ServerProfile p : profiles) probe(p);
    }

    private void probe(ServerProfile p) {
        URI base;
        try {
            base = URI.create(p.url());
        } catch (IllegalArgumentException e) {
            reachability.put(p.name(), "not a URL");
            return;
        }
        reachability.put(p.name(), "asking…");
        tasks.execute(BackgroundTask.of(() -> clients.anonymous(base).health())
                .onSuccess(h -> reachability.put(p.name(), "answers (" + h.status() + ")"))
                .onFailure(e -> reachability.put(p.name(), "not answering")));
    }

    private void fill(ServerProfile p) {
        if (p == null) return;
        name.set(p.name());
        url.set(p.url());
        username.set(p.username() == null ? "" : p.username());
        useToken.set(p.useToken());
        password.set("");
        token.set("");
        message.set("");
    }

    public void newProfile() {
        selected.set(null);
        name.set("");
        url.set("http://127.0.0.1:7700");
        username.set("");
        password.set("");
        token.set("");
        useToken.set(false);
    }

    public void forgetSelected() {
        ServerProfile p = selected.get();
        if (p == null) return;
        settings.forget(p.name());
        profiles.remove(p);
        reachability.remove(p.name());
        newProfile();
    }

    /** Signs in and, when the engine asks for no password change, opens the server's window. */
    public void connect() {
        URI base;
        try {
            base = URI.create(url.get().strip());
            if (base.getScheme() == null || !(base.getScheme().equals("http") || base.getScheme().equals("https")) || base.getHost() == null) {
                throw new IllegalArgumentException();
            }
        } catch (IllegalArgumentException e) {
            message.set("URL: give the engine's API address, such as http://127.0.0.1:7700");
            return;
        }
        boolean withToken = useToken.get();
        String user = username.get() == null ? "" : username.get().strip();
        String secret = withToken ? token.get() : password.get();
        if (withToken ? secret == null || secret.isBlank() : user.isEmpty() || secret == null || secret.isEmpty()) {
            message.set(withToken ? "Paste a token (dux_…)." : "Give your user name and password.");
            return;
        }
        String profileName = name.get() == null || name.get().isBlank() ? base.getHost() + (base.getPort() > 0 ? ":" + base.getPort() : "")
                : name.get().strip();
        ServerProfile profile = new ServerProfile(profileName, base.toString(), withToken ? null : user, withToken);
        phase.set(Phase.BUSY);
        message.set("Connecting to " + base + "…");
        tasks.execute(BackgroundTask.of(() -> {
            if (withToken) {
                DuctusApi api = clients.withToken(base, secret.strip());
                return new Signed(api, api.me());
            }
            DuctusApi api = clients.anonymous(base);
            return new Signed(api, api.signIn(user, secret).me());
        }).onSuccess(signed -> {
            token.set("");
            settings.profile(profile);
            selecting = true;
            try {
                if (!profiles.contains(profile)) {
                    profiles.removeIf(p -> p.name().equals(profile.name()));
                    profiles.addFirst(profile);
                }
                selected.set(profile);
            } finally {
                selecting = false;
            }
            if (signed.me().mustChangePassword()) {
                pending = signed.api();
                pendingProfile = profile;
                phase.set(Phase.CHANGE_PASSWORD);
                message.set("An admin chose your password: choose your own (at least 12 characters) to go on.");
                return;
            }
            password.set("");
            phase.set(Phase.SIGN_IN);
            message.set("Signed in to " + profile.name() + " as " + signed.me().actor() + " (" + signed.me().role() + ")");
            opener.accept(profile, signed);
        }).onFailure(e -> {
            phase.set(Phase.SIGN_IN);
            message.set(describe(e, base));
        }));
    }

    /** The password change an admin-chosen password asks for; then the window opens. */
    public void changePassword() {
        if (pending == null) return;
        String next = newPassword.get();
        if (next == null || next.length() < 12) {
            message.set("The new password needs at least 12 characters.");
            return;
        }
        if (!next.equals(newPasswordAgain.get())) {
            message.set("The two new passwords differ.");
            return;
        }
        String current = password.get();
        DuctusApi api = pending;
        phase.set(Phase.BUSY);
        tasks.execute(BackgroundTask.of(() -> {
            api.changePassword(current, next);
            return api.me();
        }).onSuccess(me -> {
            newPassword.set("");
            newPasswordAgain.set("");
            password.set("");
            phase.set(Phase.SIGN_IN);
            pending = null;
            message.set("Password changed.");
            opener.accept(pendingProfile, new Signed(api, me));
        }).onFailure(e -> {
            phase.set(Phase.CHANGE_PASSWORD);
            message.set(describe(e, api.base()));
        }));
    }

    static String describe(Exception e, URI base) {
        if (!(e instanceof ApiException api)) return "Could not connect: " + e;
        return switch (api.kind()) {
            case UNREACHABLE -> "No answer from " + base + ": " + api.detail();
            case UNAUTHORIZED -> "Refused: " + api.detail();
            case FORBIDDEN -> "Not allowed: " + api.detail();
            default -> api.title() + ": " + api.detail();
        };
    }

    Map<String, String> reachabilitySnapshot() {
        return Map.copyOf(reachability);
    }
}
