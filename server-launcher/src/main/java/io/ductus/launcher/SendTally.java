package io.ductus.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What became of every message of the files {@code ductus send} was given:
 * {@code 10 message(s): 7 AA, 1 AE, 1 unanswered, 1 not sent}.
 */
final class SendTally {

    private final int total;
    private final Map<String, Integer> answered = new TreeMap<>();
    private int unanswered;

    SendTally(int total) {
        this.total = total;
    }

    /** A message was answered with this code (AA, AE, AR, or ?? when the answer was not an ACK). */
    void answered(String code) {
        answered.merge(code, 1, Integer::sum);
    }

    /** A message was sent but no answer came (the connection broke, or the wait timed out). */
    void unanswered() {
        unanswered++;
    }

    /** Messages sent so far, answered or not. */
    int done() {
        return answered.values().stream().mapToInt(Integer::intValue).sum() + unanswered;
    }

    int notSent() {
        return total - done();
    }

    boolean allAccepted() {
        return answered.getOrDefault("AA", 0) == total;
    }

    /** The progress line: {@code sent 1200 of 5000 (24 %), 1200 AA}. */
    String progress() {
        return "sent " + done() + " of " + total + " (" + (total == 0 ? 100 : done() * 100L / total) + " %), "
                + answered.getOrDefault("AA", 0) + " AA";
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        answered.forEach((code, n) -> parts.add(n + " " + code));
        if (unanswered > 0) parts.add(unanswered + " unanswered");
        if (notSent() > 0) parts.add(notSent() + " not sent");
        return total + " message(s)" + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }
}
