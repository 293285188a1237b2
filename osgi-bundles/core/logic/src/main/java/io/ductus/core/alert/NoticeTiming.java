package io.ductus.core.alert;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * When a notice for one channel is due. Notices that fire together are sent together: the first opens a
 * group that waits {@code groupWait}, and notices made while it waits join it (one message for them all).
 * Quiet hours move a notice whose severity they do not allow to the end of the quiet window (where it may
 * open or join a group).
 */
public final class NoticeTiming {

    private NoticeTiming() {
    }

    /**
     * @param openGroupDue when the channel's waiting group is due, if it has one that has not been sent
     */
    public static Instant due(Instant now, Severity severity, Optional<QuietHours> quiet, ZoneId zone, Duration groupWait,
                              Optional<Instant> openGroupDue) {
        Instant earliest = now;
        if (quiet.isPresent() && !quiet.get().allowed().contains(severity)) {
            earliest = quiet.get().window().end(now, zone).orElse(now);
        }
        if (openGroupDue.isPresent() && !openGroupDue.get().isBefore(earliest)) return openGroupDue.get();
        return earliest.plus(groupWait);
    }
}
