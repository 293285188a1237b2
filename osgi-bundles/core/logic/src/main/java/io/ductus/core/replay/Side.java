package io.ductus.core.replay;

/**
 * One side of a comparison: the record, the recorded revision run again, or the candidate.
 *
 * @param reason  why it was filtered, quarantined or retried (null when sent)
 * @param error   the code threw, ran away or did not load: not a decision it made
 * @param refused the code tried to write (db().execute, a fetch other than GET) and was refused
 */
public record Side(Decision decision, String reason, boolean error, boolean refused) {

    public static Side recorded(String status, String lastError) {
        Decision d = Decision.ofStatus(status);
        return new Side(d, d == Decision.SENT ? null : lastError, false, false);
    }
}
