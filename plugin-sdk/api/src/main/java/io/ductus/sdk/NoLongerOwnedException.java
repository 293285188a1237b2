package io.ductus.sdk;

/**
 * Thrown by {@link OutboundMessage#fence()}: this engine no longer delivers the message's interface (another
 * engine on the same database took it over while this one was frozen or cut off, or it was moved), so nothing of
 * the message may be written. A destination lets it end {@link Destination#send} (or returns any outcome: the
 * engine disregards it). The engine records nothing for the message, neither sent nor failed: its new owner
 * delivers it.
 *
 * @since 1.5
 */
public final class NoLongerOwnedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String interfaceName;
    private final long messageId;

    public NoLongerOwnedException(String interfaceName, long messageId) {
        super("message " + messageId + " not sent: interface " + interfaceName
                + " is no longer this engine's (another engine delivers it now)");
        this.interfaceName = interfaceName;
        this.messageId = messageId;
    }

    public String interfaceName() {
        return interfaceName;
    }

    public long messageId() {
        return messageId;
    }
}
