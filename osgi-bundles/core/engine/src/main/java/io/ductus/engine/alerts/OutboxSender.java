package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.alert.NoticeRetry;
import io.ductus.engine.alerts.channel.ChannelSender;
import io.ductus.store.StoreException;
import io.ductus.store.alert.AlertStore;
import io.ductus.store.alert.NotificationRecord;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends what the outbox holds, at least once: each pass claims the due notices with a lease, sends each
 * channel's as one message (channels at once, each on its own virtual thread), and records the outcome. A
 * crash between the claim and the record leaves the lease to run out (or, on SQLite, released at the next
 * start), and the notices are sent again: a channel may hear twice, never not at all. A failure is tried
 * again with back-off ({@link NoticeRetry}), then given up and left visible as failed.
 */
final class OutboxSender {

    private static final Logger LOG = LoggerFactory.getLogger(OutboxSender.class);
    static final Duration LEASE = Duration.ofMinutes(2);
    static final int CLAIM = 50;

    private final AlertStore store;
    private final AlertSettings settings;
    private final Map<Channel.Type, ChannelSender> senders;
    private final Clock clock;
    private final ExecutorService sending = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("alert-send-", 0).factory());

    OutboxSender(AlertStore store, AlertSettings settings, Map<Channel.Type, ChannelSender> senders, Clock clock) {
        this.store = store;
        this.settings = settings;
        this.senders = senders;
        this.clock = clock;
    }

    /** One pass: claims what is due and sends it. Returns how many notices it took (0 when nothing was due). */
    int pass() throws InterruptedException {
        Instant now = clock.instant();
        List<NotificationRecord> claimed;
        try {
            claimed = store.claim(now.toEpochMilli(), now.plus(LEASE).toEpochMilli(), CLAIM);
        } catch (StoreException e) {
            LOG.debug("alerts: the outbox could not be read, trying again: {}", e.getMessage());
            return 0;
        }
        if (claimed.isEmpty()) return 0;
        Map<String, List<NotificationRecord>> byChannel = new LinkedHashMap<>();
        for (NotificationRecord n : claimed) byChannel.computeIfAbsent(n.channel(), c -> new ArrayList<>()).add(n);
        List<Future<?>> running = new ArrayList<>();
        for (Map.Entry<String, List<NotificationRecord>> e : byChannel.entrySet()) {
            running.add(sending.submit(() -> sendOne(e.getKey(), e.getValue())));
        }
        for (Future<?> f : running) {
            try {
                f.get(LEASE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                LOG.warn("alerts: a send did not finish cleanly: {}", e.toString());
            }
        }
        return claimed.size();
    }

    private void sendOne(String channelName, List<NotificationRecord> notices) {
        List<Long> ids = notices.stream().map(NotificationRecord::id).toList();
        Optional<Channel> channel = settings.channel(channelName);
        String error = null;
        if (channel.isEmpty()) {
            error = "no channel '" + channelName + "' in alerts.channels any more";
        } else {
            ChannelSender sender = senders.get(channel.get().type());
            if (sender == null) {
                error = "no way to send " + channel.get().type().label() + " (alerts.smtp is not set)";
            } else {
                try {
                    sender.send(channel.get(), notices);
                } catch (Exception e) {
                    error = e.getMessage() == null ? e.toString() : e.getMessage();
                }
            }
        }
        Instant now = clock.instant();
        try {
            if (error == null) {
                store.sent(ids, now.toEpochMilli());
                LOG.info("alerts: {} notice(s) sent to {}", ids.size(), channelName);
                return;
            }
            int attempts = notices.stream().mapToInt(NotificationRecord::attempts).max().orElse(0) + 1;
            Optional<Instant> again = channel.isEmpty() ? Optional.empty() : NoticeRetry.next(attempts, now);
            store.attemptFailed(ids, error, again.map(Instant::toEpochMilli).orElse(null), now.toEpochMilli());
            if (again.isPresent()) {
                LOG.warn("alerts: {} notice(s) to {} not sent (attempt {}), trying again at {}: {}", ids.size(), channelName, attempts,
                        again.get(), error);
            } else {
                LOG.error("alerts: {} notice(s) to {} given up after {} attempt(s): {}", ids.size(), channelName, attempts, error);
            }
        } catch (StoreException e) {
            // The lease runs out and the notices are sent again: at least once.
            LOG.warn("alerts: the outcome of {} notice(s) to {} could not be recorded; they are sent again: {}", ids.size(),
                    channelName, e.getMessage());
        }
    }

    void close() {
        sending.shutdownNow();
    }
}
