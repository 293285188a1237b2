package io.ductus.studio.server;

import io.ductus.client.ApiException;
import java.time.Duration;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Whether the studio can talk to one engine, as the window's one banner shows it: a lost connection is one
 * line that says what and when the next try is (never a dialog per failed call), cleared by itself when the
 * event stream is back; a refused session asks for signing in again, in place, keeping every screen's state.
 */
public final class ConnectionState {

    private final ReadOnlyBooleanWrapper online = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyStringWrapper banner = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper signInNeeded = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper signInReason = new ReadOnlyStringWrapper("");
    private final String server;
    private boolean streamDown;

    public ConnectionState(String server) {
        this.server = server;
    }

    public ReadOnlyBooleanProperty onlineProperty() {
        return online.getReadOnlyProperty();
    }

    public boolean online() {
        return online.get();
    }

    /** The banner's text; empty when all is well. */
    public ReadOnlyStringProperty bannerProperty() {
        return banner.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty signInNeededProperty() {
        return signInNeeded.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty signInReasonProperty() {
        return signInReason.getReadOnlyProperty();
    }

    /** A call could not reach the engine. */
    void unreachable(ApiException e) {
        online.set(false);
        if (!streamDown) banner.set("Cannot reach " + server + ": " + e.detail() + ". Trying again by itself.");
    }

    /** A call went through: a banner a call put up goes (the stream's stays until it is back). */
    void reached() {
        if (!streamDown && !signInNeeded.get()) {
            online.set(true);
            banner.set("");
        }
    }

    void streamLost(ApiException e, Duration retryIn) {
        streamDown = true;
        online.set(false);
        banner.set("Connection to " + server + " lost (" + e.detail() + "). Reconnecting in " + seconds(retryIn)
                + "; nothing you typed is lost.");
    }

    void streamBack() {
        streamDown = false;
        online.set(true);
        if (!signInNeeded.get()) banner.set("");
    }

    /** 401: the session or token is no longer accepted. */
    void refused(ApiException e) {
        signInNeeded.set(true);
        signInReason.set(e.detail());
        banner.set("Signed out by " + server + ": " + e.detail() + " Sign in again to go on.");
    }

    void signedIn() {
        signInNeeded.set(false);
        signInReason.set("");
        banner.set(streamDown ? banner.get() : "");
    }

    private static String seconds(Duration d) {
        long s = Math.max(1, Math.round(d.toMillis() / 1000.0));
        return s + " s";
    }
}
