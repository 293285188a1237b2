package io.ductus.studio.server;

import io.ductus.client.ApiException;
import io.ductus.client.DuctusApi;
import io.ductus.client.events.EventStream;
import io.ductus.client.model.Me;
import io.ductus.studio.task.BackgroundTask;
import io.ductus.studio.task.Cancellable;
import io.ductus.studio.task.TaskExecutor;
import io.ductus.studio.ui.DialogService;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * One engine the studio is signed in to: its API, the caller, the connection's state, its live events, and the
 * one way screens call it — {@link #call}, off the UI thread, where a lost connection goes to the banner, a
 * refused session to signing in again, and anything else back to the screen in words it can show.
 */
public final class ServerSession implements AutoCloseable {

    private final String name;
    private final DuctusApi api;
    private final TaskExecutor tasks;
    private final DialogService dialogs;
    private final Clock clock;
    private final ObjectProperty<Me> me = new SimpleObjectProperty<>();
    private final ConnectionState connection;
    private final LiveEvents live;
    private EventStream stream;

    public ServerSession(String name, DuctusApi api, Me me, TaskExecutor tasks, DialogService dialogs, Clock clock) {
        this.name = name;
        this.api = api;
        this.tasks = tasks;
        this.dialogs = dialogs;
        this.clock = clock;
        this.me.set(me);
        this.connection = new ConnectionState(name);
        this.live = new LiveEvents(tasks, connection);
        live.onRefused(connection::refused);
    }

    /** Starts following the engine's events (a real engine; view-model tests feed {@link #live()} themselves). */
    public void followEvents() {
        if (stream == null) stream = api.events(live);
    }

    public String name() {
        return name;
    }

    public DuctusApi api() {
        return api;
    }

    public TaskExecutor tasks() {
        return tasks;
    }

    public DialogService dialogs() {
        return dialogs;
    }

    public Clock clock() {
        return clock;
    }

    public ObjectProperty<Me> meProperty() {
        return me;
    }

    public Me me() {
        return me.get();
    }

    public ConnectionState connection() {
        return connection;
    }

    public LiveEvents live() {
        return live;
    }

    /**
     * Calls the engine off the UI thread; {@code done} gets the answer on the UI thread, {@code problem} the
     * words for the screen when it failed for a reason of its own (not allowed, not found, refused). Lost
     * connections and refused sessions go to the banner, and {@code problem} gets a short note. Cancelling
     * abandons the call: neither {@code done} nor {@code problem} runs.
     */
    public <T> Cancellable call(Callable<T> work, Consumer<? super T> done, Consumer<String> problem) {
        return tasks.execute(BackgroundTask.of(work).onSuccess(result -> {
            connection.reached();
            done.accept(result);
        }).onFailure(e -> problem.accept(problem(e))));
    }

    /**
     * As {@link #call}, but a failure comes to {@code failed} as it is, for a screen that answers one kind of
     * refusal itself (a deploy's 409); it passes the rest to {@link #problem} for words.
     */
    public <T> Cancellable attempt(Callable<T> work, Consumer<? super T> done, Consumer<Exception> failed) {
        return tasks.execute(BackgroundTask.of(work).onSuccess(result -> {
            connection.reached();
            done.accept(result);
        }).onFailure(failed));
    }

    /** What went wrong, in words for the screen; a connection-level problem also goes to the banner. */
    public String problem(Exception e) {
        if (!(e instanceof ApiException api)) return "Failed: " + e;
        return switch (api.kind()) {
            case UNREACHABLE -> {
                connection.unreachable(api);
                yield "Not reachable: " + api.detail();
            }
            case UNAUTHORIZED -> {
                connection.refused(api);
                yield "Signed out: " + api.detail();
            }
            case PASSWORD_CHANGE_REQUIRED -> {
                connection.refused(api);
                yield api.detail();
            }
            case FORBIDDEN -> "Not allowed: " + api.detail();
            default -> api.title() + ": " + api.detail();
        };
    }

    /** Signed in again after a refusal: the screens go on with what they had. */
    public void signedInAgain(Me who) {
        me.set(who);
        connection.signedIn();
    }

    @Override
    public void close() {
        if (stream != null) stream.close();
    }
}
