package io.ductus.launcher;

import io.ductus.core.time.MomentText;
import java.time.Instant;
import java.time.ZoneId;

/**
 * {@code --from} and {@code --to} as a person types them: a date ({@code 2026-12-01}, the start of that day
 * here, in this machine's time zone) or an instant; sent to the engine as an instant.
 */
final class TimeOptions {

    static final String HELP = "a date such as 2026-12-01 (the start of that day, local time) or an instant such as 2026-12-01T08:00:00Z";

    private TimeOptions() {
    }

    /** The instant the option means; null when not given. */
    static Instant moment(String option, String value) {
        if (value == null) return null;
        try {
            return MomentText.parse(value, ZoneId.systemDefault());
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(option + ": " + e.getMessage().replace("(the start of that day)", "(the start of that day, local time)"));
        }
    }
}
