package io.ductus.store;

/**
 * A page of the message browser: every filter is optional (null), results are newest first.
 *
 * <p>A text search is bounded: it reads at most {@code scanLimit} messages (those that pass the other
 * filters, newest first from {@code beforeId}) and returns those whose payload contains the text. When it
 * stops at that bound before the page is full, the page says so ({@link MessagePage#scanLimitReached()}) and
 * its {@link MessagePage#nextBeforeId()} is where to go on; a search never reads the whole table in one call.
 *
 * @param receivedFrom received at or after (Unix ms)
 * @param receivedTo   received before (Unix ms)
 * @param beforeId     only ids below this one: the previous page's {@link MessagePage#nextBeforeId()}
 * @param limit        page size, 1 to 1000
 * @param text         text the payload must contain, byte for byte as UTF-8 and case-sensitive; null: no
 *                     text filter
 * @param scanLimit    how many messages a text search reads at most, 1 to {@value #MAX_SCAN_LIMIT}
 * @param timeBudget   how long a text search may read before it stops and says where to go on
 *                     ({@link MessagePage#timeBudgetReached()}); null: until its scan limit. It stops between
 *                     windows of {@value #SEARCH_WINDOW} messages, so it always reads at least one.
 */
public record MessageQuery(String interfaceName, MessageStatus status, Long receivedFrom, Long receivedTo,
                           Long beforeId, int limit, String text, int scanLimit, java.time.Duration timeBudget) {

    /** How many messages a text search reads between two looks at its time budget. */
    public static final int SEARCH_WINDOW = 2_000;

    /** How many messages a text search reads unless told otherwise. */
    public static final int DEFAULT_SCAN_LIMIT = 10_000;
    public static final int MAX_SCAN_LIMIT = 100_000;

    public MessageQuery {
        if (limit < 1 || limit > 1000) throw new IllegalArgumentException("limit must be 1 to 1000: " + limit);
        if (text != null && text.isEmpty()) throw new IllegalArgumentException("text must not be empty");
        if (scanLimit < 1 || scanLimit > MAX_SCAN_LIMIT) {
            throw new IllegalArgumentException("scanLimit must be 1 to " + MAX_SCAN_LIMIT + ": " + scanLimit);
        }
        if (timeBudget != null && timeBudget.isNegative()) throw new IllegalArgumentException("timeBudget must not be negative");
    }

    /** A query without a time budget: a text search reads up to its scan limit. */
    public MessageQuery(String interfaceName, MessageStatus status, Long receivedFrom, Long receivedTo, Long beforeId,
                        int limit, String text, int scanLimit) {
        this(interfaceName, status, receivedFrom, receivedTo, beforeId, limit, text, scanLimit, null);
    }

    /** A query without text. */
    public MessageQuery(String interfaceName, MessageStatus status, Long receivedFrom, Long receivedTo, Long beforeId,
                        int limit) {
        this(interfaceName, status, receivedFrom, receivedTo, beforeId, limit, null, DEFAULT_SCAN_LIMIT);
    }

    /** The newest messages of one interface, or of all when {@code interfaceName} is null. */
    public static MessageQuery newest(String interfaceName, int limit) {
        return new MessageQuery(interfaceName, null, null, null, null, limit);
    }

    public MessageQuery withBeforeId(Long id) {
        return new MessageQuery(interfaceName, status, receivedFrom, receivedTo, id, limit, text, scanLimit, timeBudget);
    }

    public MessageQuery withText(String newText) {
        return new MessageQuery(interfaceName, status, receivedFrom, receivedTo, beforeId, limit, newText, scanLimit, timeBudget);
    }

    public MessageQuery withScanLimit(int newScanLimit) {
        return new MessageQuery(interfaceName, status, receivedFrom, receivedTo, beforeId, limit, text, newScanLimit, timeBudget);
    }

    public MessageQuery withLimit(int newLimit) {
        return new MessageQuery(interfaceName, status, receivedFrom, receivedTo, beforeId, newLimit, text, scanLimit, timeBudget);
    }

    public MessageQuery withTimeBudget(java.time.Duration budget) {
        return new MessageQuery(interfaceName, status, receivedFrom, receivedTo, beforeId, limit, text, scanLimit, budget);
    }
}
