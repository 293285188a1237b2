package io.ductus.store;

/**
 * An action the store will not do as asked, and did nothing of: the message does not exist, or a delivery
 * it would change is pending (a worker may be sending it). Not a database failure: trying again changes
 * nothing until the state does.
 */
public class ActionRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ActionRefusedException(String message) {
        super(message);
    }
}
