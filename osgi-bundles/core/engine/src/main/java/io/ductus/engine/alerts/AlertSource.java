package io.ductus.engine.alerts;

import io.ductus.core.alert.Observation;
import java.time.Instant;
import java.util.List;

/**
 * Something the judging round asks for observations besides the health of interfaces and destinations:
 * the engine itself, and (with TLS, issue 22) certificates that expire. Each observation names its own
 * target ({@code certificate:NAME:HOST:PORT}) and state ({@code expiring}); rules cover them by state like any
 * other. Called on the judging thread: it must answer from memory or from cheap reads.
 */
public interface AlertSource {

    List<Observation> observe(Instant now);
}
