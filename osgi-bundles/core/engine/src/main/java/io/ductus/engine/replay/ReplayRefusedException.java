package io.ductus.engine.replay;

import io.ductus.core.project.Problem;
import java.util.List;

/** A replay that cannot start: no such interface, draft or revision, or a candidate whose files have problems. */
public final class ReplayRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient List<Problem> problems;

    public ReplayRefusedException(int status, String message, List<Problem> problems) {
        super(message);
        this.status = status;
        this.problems = List.copyOf(problems);
    }

    /** The HTTP status that says it: 404 (not found), 409 (not now), 422 (the candidate's files have problems). */
    public int status() {
        return status;
    }

    public List<Problem> problems() {
        return problems;
    }
}
