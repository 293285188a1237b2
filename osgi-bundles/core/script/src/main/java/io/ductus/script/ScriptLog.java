package io.ductus.script;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;

/** Where {@code console.log} and {@code console.error} of interface code go: the engine log, one line per line. */
final class ScriptLog extends OutputStream {

    private static final int MAX_LINE = 8192;

    private final Logger log;
    private final boolean error;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    ScriptLog(Logger log, boolean error) {
        this.log = log;
        this.error = error;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            flushLine();
        } else if (line.size() < MAX_LINE) {
            line.write(b);
        }
    }

    @Override
    public synchronized void flush() {
        if (line.size() > 0) flushLine();
    }

    private void flushLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (error) log.warn("{}", text);
        else log.info("{}", text);
    }
}
