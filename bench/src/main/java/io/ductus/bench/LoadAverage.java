package io.ductus.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load average, printed beside the figures: this machine is shared, and a figure means little without it. */
final class LoadAverage {

    private LoadAverage() {
    }

    /** The whole of /proc/loadavg: the averages over 1, 5 and 15 minutes, runnable/all tasks, the last pid. */
    static String now() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The last minute's average alone, for a RESULT line's {@code load=}. */
    static String lastMinute() {
        return now().split(" ")[0];
    }
}
