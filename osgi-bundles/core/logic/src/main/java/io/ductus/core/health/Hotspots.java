package io.ductus.core.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a destination's backlog sits, from each lane's waiting count and first message: lanes blocked on a
 * failing message (and whether the receiver took others since that message arrived, which makes the
 * message the trouble rather than the receiver), every lane blocked (the receiver looks down), a lane with
 * most of the backlog (a hot key), and lanes no worker reads (ordering.partitions lowered while messages
 * waited). Asked on demand: counting the lanes reads the destination's whole queue index.
 */
public final class Hotspots {

    /** A hot lane holds at least this many waiting messages ... */
    static final long HOT_AT_LEAST = 100;
    /** ... and at least this share of the destination's backlog. */
    static final double HOT_SHARE = 0.5;

    private Hotspots() {
    }

    /** One lane with messages waiting: how many, and the first of them. */
    public record LaneLoad(int lane, long waiting, LaneHead head) {
        public LaneLoad {
            Objects.requireNonNull(head, "head");
        }
    }

    /**
     * One finding.
     *
     * @param lane    the lane, or -1 for the destination as a whole
     * @param waiting messages waiting in that lane (or in all)
     */
    public record Hotspot(Kind kind, int lane, String key, long waiting, String detail) {
    }

    public enum Kind {
        BLOCKED_LANE, RECEIVER_DOWN, HOT_LANE, UNOWNED_LANE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * @param lanes      every lane with messages waiting
     * @param lanesNow   how many lanes the destination's workers read now (ordering.partitions)
     * @param lastSentAt when the destination last finished a delivery (Unix ms), or -1
     */
    public static List<Hotspot> find(List<LaneLoad> lanes, int lanesNow, long lastSentAt) {
        List<Hotspot> found = new ArrayList<>();
        long total = lanes.stream().mapToLong(LaneLoad::waiting).sum();
        List<LaneLoad> owned = lanes.stream().filter(l -> l.lane() < lanesNow).toList();
        List<LaneLoad> failing = owned.stream().filter(l -> l.head().failing()).toList();
        if (!failing.isEmpty() && failing.size() == owned.size()) {
            found.add(new Hotspot(Kind.RECEIVER_DOWN, -1, null, total, "every lane with messages (" + owned.size()
                    + ") waits on a failing message: the receiver looks down"
                    + (failing.get(0).head().lastError() == null ? "" : "; last error: " + failing.get(0).head().lastError())));
        } else {
            for (LaneLoad l : failing) {
                boolean othersWent = lastSentAt >= l.head().receivedAt();
                found.add(new Hotspot(Kind.BLOCKED_LANE, l.lane(), l.head().key(), l.waiting(), "message " + l.head().messageId()
                        + " failed " + l.head().attempts() + " time(s)"
                        + (l.head().lastError() == null ? "" : " (" + l.head().lastError() + ")")
                        + (othersWent ? "; the receiver took other messages since it arrived: the message is the trouble, not the receiver"
                                : "")));
            }
        }
        for (LaneLoad l : lanes) {
            if (l.lane() >= lanesNow) continue;
            if (l.waiting() >= HOT_AT_LEAST && l.waiting() >= HOT_SHARE * total && lanes.size() > 1) {
                found.add(new Hotspot(Kind.HOT_LANE, l.lane(), l.head().key(), l.waiting(), "lane " + l.lane() + " holds "
                        + l.waiting() + " of " + total + " waiting: a hot key (its first message's key: " + l.head().key() + ")"));
            }
        }
        for (LaneLoad l : lanes) {
            if (l.lane() >= lanesNow) {
                found.add(new Hotspot(Kind.UNOWNED_LANE, l.lane(), l.head().key(), l.waiting(), "lane " + l.lane()
                        + " is past the " + lanesNow + " lane(s) the workers read (ordering.partitions was lowered): "
                        + l.waiting() + " message(s) there are not delivered"));
            }
        }
        return found;
    }
}
