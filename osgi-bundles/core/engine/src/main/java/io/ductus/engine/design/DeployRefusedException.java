package io.ductus.engine.design;

import io.ductus.core.project.Problem;
import io.ductus.store.revision.RevisionSummary;
import java.util.List;

/**
 * A deploy (or removal, or rollback) that was refused, and changed nothing: the files have problems or
 * fail their tests (422), the base is not current or something waits that the change would strand (409).
 *
 * @param current the interface's current revision when that is the reason (someone deployed in between), else null
 */
public final class DeployRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String title;
    private final transient List<Problem> problems;
    private final transient RevisionSummary current;

    DeployRefusedException(int status, String title, String detail, List<Problem> problems, RevisionSummary current) {
        super(detail, null, false, false);
        this.status = status;
        this.title = title;
        this.problems = List.copyOf(problems);
        this.current = current;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public List<Problem> problems() {
        return problems;
    }

    public RevisionSummary current() {
        return current;
    }
}
