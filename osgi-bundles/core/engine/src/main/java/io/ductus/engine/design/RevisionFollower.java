package io.ductus.engine.design;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Engines on one database (docs/engines.md): every second, applies what another engine deployed, rolled back or
 * removed ({@link Deployer#applyNewer}), so a deploy through any engine's API reaches every engine within
 * about a second. One query of the current revisions per round; files are read only for a newer revision.
 */
public final class RevisionFollower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RevisionFollower.class);

    /** How often the store's current revisions are compared with what runs here. */
    public static final Duration EVERY = Duration.ofSeconds(1);

    private final Deployer deployer;
    private final ScheduledExecutorService thread;

    private RevisionFollower(Deployer deployer) {
        this.deployer = deployer;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "revision-follower");
            t.setDaemon(true);
            return t;
        });
    }

    public static RevisionFollower start(Deployer deployer) {
        RevisionFollower follower = new RevisionFollower(deployer);
        follower.thread.scheduleWithFixedDelay(follower::round, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
        return follower;
    }

    private void round() {
        try {
            deployer.applyNewer();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warn("could not compare the deployed revisions with what runs here (trying again in {} s): {}", EVERY.toSeconds(),
                    e.getMessage());
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
