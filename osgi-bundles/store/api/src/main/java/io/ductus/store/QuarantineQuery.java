package io.ductus.store;

/**
 * A page of quarantined deliveries across interfaces, newest message first (then destination, descending),
 * paged by the last delivery of the previous page.
 *
 * @param interfaceName     only this interface's, or null for every interface
 * @param beforeMessageId   with {@code beforeDestination}: the previous page's {@link QuarantinePage#next()}
 * @param limit             page size, 1 to 1000
 */
public record QuarantineQuery(String interfaceName, Long beforeMessageId, String beforeDestination, int limit) {

    public QuarantineQuery {
        if (limit < 1 || limit > 1000) throw new IllegalArgumentException("limit must be 1 to 1000: " + limit);
        if ((beforeMessageId == null) != (beforeDestination == null)) {
            throw new IllegalArgumentException("beforeMessageId and beforeDestination go together");
        }
    }

    /** The newest quarantined deliveries, of one interface or (null) of all. */
    public static QuarantineQuery newest(String interfaceName, int limit) {
        return new QuarantineQuery(interfaceName, null, null, limit);
    }

    /** The page after the one that ended with {@code last}. */
    public QuarantineQuery after(QuarantinedDelivery last) {
        return new QuarantineQuery(interfaceName, last.message().id(), last.destination(), limit);
    }
}
