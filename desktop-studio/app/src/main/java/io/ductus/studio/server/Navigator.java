package io.ductus.studio.server;

/** Moves between a server window's screens: what a count, a quarantine group or an audit row opens. */
public interface Navigator {

    /** The message browser with these filters (null: not filtered by that). */
    void showMessages(String interfaceName, String status);

    /** One message in the browser's detail pane. */
    void showMessage(long id);

    /** The designer on the message's interface, the message added to its samples. */
    void trySample(long id, String interfaceName);

    /** Two messages side by side, field by field. */
    void compare(long left, long right);
}
