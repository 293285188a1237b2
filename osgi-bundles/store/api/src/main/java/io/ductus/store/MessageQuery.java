package io.ductus.store;

/**
 * A page of the message browser: every filter is optional (null), results are newest first.
 *
 * @param receivedFrom received at or after (Unix ms)
 * @param receivedTo   received before (Unix ms)
 * @param beforeId     only ids below this one: the previous page's {@link MessagePage#nextBeforeId()}
 * @param limit        page size, 1 to 1000
 */
public record MessageQuery(String interfaceName, MessageStatus status, Long receivedFrom, Long receivedTo,
                           Long beforeId, int limit) {

    public MessageQuery {
        if (limit < 1 || limit > 1000) throw new IllegalArgumentException("limit must be 1 to 1000: " + limit);
    }

    /** The newest messages of one interface, or of all when {@code interfaceName} is null. */
    public static MessageQuery newest(String interfaceName, int limit) {
        return new MessageQuery(interfaceName, null, null, null, null, limit);
    }

    public MessageQuery withBeforeId(Long id) {
        return new MessageQuery(interfaceName, status, receivedFrom, receivedTo, id, limit);
    }
}
