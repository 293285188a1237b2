package io.ductus.sdk.testkit;

/**
 * What a sender got back from a source, in protocol-neutral terms.
 *
 * @param kind   the meaning of the answer
 * @param detail the protocol's own words (an ACK, an HTTP status line), for failure messages
 */
public record SenderReply(Kind kind, String detail) {

    /** The meanings a source's answer can have. */
    public enum Kind {
        /** Stored: the sender may forget the message (MLLP AA, HTTP 202, the file moved away). */
        ACCEPTED,
        /** Not stored this time: the sender should try again (MLLP AE, HTTP 503). */
        RETRYABLE_ERROR,
        /** Refused for good (MLLP AR, HTTP 400). */
        REJECTED,
        /** No answer at all (connection refused or closed). */
        NO_ANSWER
    }

    public static SenderReply accepted(String detail) {
        return new SenderReply(Kind.ACCEPTED, detail);
    }

    public static SenderReply retryableError(String detail) {
        return new SenderReply(Kind.RETRYABLE_ERROR, detail);
    }

    public static SenderReply rejected(String detail) {
        return new SenderReply(Kind.REJECTED, detail);
    }

    public static SenderReply noAnswer(String detail) {
        return new SenderReply(Kind.NO_ANSWER, detail);
    }
}
