package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.alert.Observation;
import io.ductus.core.alert.Policy;
import io.ductus.engine.alerts.channel.ChannelSender;
import io.ductus.store.alert.NotificationRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one alert that cannot go through the outbox: the engine lost its database, which holds the outbox.
 * Once judging has failed for {@link #AFTER}, the recipients of the rule that covers the engine's
 * {@code error} are told directly, once, from memory (best effort: nothing of it can be stored); when the
 * database answers again they are told it recovered.
 */
final class DatabaseLoss {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseLoss.class);
    static final Duration AFTER = Duration.ofMinutes(1);
    static final String TARGET = "engine";

    private final AlertSettings settings;
    private final Map<Channel.Type, ChannelSender> senders;
    /** One thread, so that a recovery is never sent before the loss it ends. */
    private final java.util.concurrent.ExecutorService sending = java.util.concurrent.Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("alert-direct").factory());
    private Instant since;
    private Optional<Policy> told = Optional.empty();

    DatabaseLoss(AlertSettings settings, Map<Channel.Type, ChannelSender> senders) {
        this.settings = settings;
        this.senders = senders;
    }

    synchronized void unreachable(Instant now, String error) {
        if (since == null) {
            since = now;
            LOG.error("health: the database cannot be reached: {}", error);
        }
        if (told.isPresent() || Duration.between(since, now).compareTo(AFTER) < 0) return;
        String reason = "the database cannot be reached since " + since + ": " + error;
        Optional<Policy> policy = settings.policyFor(new Observation(TARGET, Observation.Kind.ENGINE, null, "error", reason, null, false));
        if (policy.isEmpty()) return;
        told = policy;
        tell(policy.get(), "fired", reason, now);
    }

    synchronized void reachable(Instant now) {
        if (since == null) return;
        LOG.info("health: the database answers again (unreachable since {})", since);
        told.ifPresent(p -> tell(p, "recovered", "the database answers again (unreachable since " + since + ")", now));
        since = null;
        told = Optional.empty();
    }

    private void tell(Policy policy, String kind, String reason, Instant now) {
        for (String name : policy.recipients()) {
            Optional<Channel> channel = settings.channel(name);
            ChannelSender sender = channel.map(c -> senders.get(c.type())).orElse(null);
            if (sender == null) continue;
            NotificationRecord notice = new NotificationRecord(0, null, 0, name, kind, TARGET, policy.severity().label(), "error", reason,
                    now.toEpochMilli(), now.toEpochMilli(), "waiting", 0, null, null, null);
            sending.execute(() -> {
                try {
                    sender.send(channel.get(), List.of(notice));
                    LOG.info("alerts: told {} directly that the database is {}", name, kind.equals("fired") ? "lost" : "back");
                } catch (Exception e) {
                    LOG.error("alerts: could not tell {} that the database is {}: {}", name, kind.equals("fired") ? "lost" : "back",
                            e.getMessage());
                }
            });
        }
    }

    void close() {
        sending.shutdown();
    }
}
