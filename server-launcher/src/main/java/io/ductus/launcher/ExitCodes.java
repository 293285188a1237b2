package io.ductus.launcher;

/** What the ductus command's exit code means. */
final class ExitCodes {
    static final int OK = 0;
    /** The command ran and failed (the engine could not start, the project has errors). */
    static final int FAILED = 1;
    /** The command line itself is wrong. */
    static final int BAD_ARGUMENTS = 2;

    private ExitCodes() {
    }
}
