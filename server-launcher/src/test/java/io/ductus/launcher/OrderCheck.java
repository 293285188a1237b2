package io.ductus.launcher;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks a receiver's arrivals against what the senders were told. A message counts as arrived at its
 * first accepted arrival (at-least-once delivery may repeat it). Per-key order: when message A of a key
 * was acknowledged before message B of the same key was sent, A must arrive before B. Messages sent at
 * the same time on different connections have no order between them, so they are not compared.
 */
final class OrderCheck {

    private OrderCheck() {
    }

    /** Acknowledged messages that never arrived (control ids). */
    static List<String> missing(List<LoadSenders.Sent> sent, List<TestReceiver.Arrival> accepted) {
        Map<String, Long> first = firstArrivals(accepted);
        return sent.stream().filter(LoadSenders.Sent::acked).map(LoadSenders.Sent::controlId)
                .filter(id -> !first.containsKey(id)).toList();
    }

    /** Every pair (A acknowledged before B was sent, same key) where B arrived first, described. */
    static List<String> violations(List<LoadSenders.Sent> sent, List<TestReceiver.Arrival> accepted) {
        Map<String, Long> first = firstArrivals(accepted);
        List<String> found = new ArrayList<>();
        Map<String, List<LoadSenders.Sent>> byKey = sent.stream().collect(Collectors.groupingBy(LoadSenders.Sent::key));
        for (List<LoadSenders.Sent> messages : byKey.values()) {
            List<LoadSenders.Sent> byAck = messages.stream().filter(LoadSenders.Sent::acked)
                    .sorted(Comparator.comparingLong(LoadSenders.Sent::ackedAt)).toList();
            List<LoadSenders.Sent> bySend = messages.stream().filter(m -> first.containsKey(m.controlId()))
                    .sorted(Comparator.comparingLong(LoadSenders.Sent::sentAt)).toList();
            int a = 0;
            long latestFirst = -1;
            LoadSenders.Sent latest = null;
            for (LoadSenders.Sent b : bySend) {
                while (a < byAck.size() && byAck.get(a).ackedAt() < b.sentAt()) {
                    LoadSenders.Sent acked = byAck.get(a++);
                    Long arrived = first.get(acked.controlId());
                    if (arrived != null && arrived > latestFirst) {
                        latestFirst = arrived;
                        latest = acked;
                    }
                }
                long arrivedB = first.get(b.controlId());
                if (arrivedB < latestFirst) {
                    found.add(b.key() + ": " + b.controlId() + " (arrival " + arrivedB + ") was sent after " + latest.controlId()
                            + " (arrival " + latestFirst + ") was acknowledged, but arrived before it");
                }
            }
        }
        return found;
    }

    private static Map<String, Long> firstArrivals(List<TestReceiver.Arrival> accepted) {
        Map<String, Long> first = new HashMap<>();
        for (TestReceiver.Arrival a : accepted) first.putIfAbsent(a.controlId(), a.seq());
        return first;
    }
}
