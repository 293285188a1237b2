package io.ductus.launcher;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "version", mixinStandardHelpOptions = true, description = "Print the Ductus version and the Java it runs on.")
final class VersionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println("ductus " + Distribution.version() + " (Java " + Runtime.version() + ", "
                + System.getProperty("java.vendor") + ")");
        spec.commandLine().getOut().println("JavaScript: " + JavaScriptRuntime.describe());
        return ExitCodes.OK;
    }
}
