package io.ductus.launcher;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test fails, prints the log (standard error) of every engine process it started, so the reason
 * is in the test report even though the test's temporary folder is deleted.
 */
final class EngineLogOnFailure implements BeforeEachCallback, TestExecutionExceptionHandler {

    private static final List<DuctusProcess> STARTED = new ArrayList<>();

    static synchronized void started(DuctusProcess process) {
        STARTED.add(process);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        synchronized (EngineLogOnFailure.class) {
            STARTED.clear();
        }
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        List<DuctusProcess> processes;
        synchronized (EngineLogOnFailure.class) {
            processes = new ArrayList<>(STARTED);
            STARTED.clear();
        }
        for (DuctusProcess p : processes) {
            System.out.println("---- engine log (pid " + p.pid() + ") of failed test " + context.getDisplayName() + " ----");
            System.out.println(p.stderr());
        }
        throw failure;
    }
}
