package io.ductus.core.health;

import io.ductus.core.time.Deadline;
import io.ductus.core.time.LocalWindow;
import java.time.Duration;
import java.time.LocalTime;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What an interface's {@code monitor:} says should happen: messages at least every so often (within some
 * hours), something by a deadline, and how far behind its destinations may fall.
 */
public record Expectations(Optional<ActiveWithin> activeWithin, Optional<ActiveBy> activeBy, Optional<Behind> behind) {

    public static final Expectations NONE = new Expectations(Optional.empty(), Optional.empty(), Optional.empty());

    public Expectations {
        Objects.requireNonNull(activeWithin, "activeWithin");
        Objects.requireNonNull(activeBy, "activeBy");
        Objects.requireNonNull(behind, "behind");
    }

    /** A message at least every {@code within}; only inside {@code hours} when given. */
    public record ActiveWithin(Duration within, Optional<LocalWindow> hours) {
        public ActiveWithin {
            Objects.requireNonNull(within, "within");
            Objects.requireNonNull(hours, "hours");
        }
    }

    /**
     * At least one message between the window's start and each deadline.
     *
     * @param from when the window opens on the deadline's day (midnight when empty; a time after the
     *             deadline's opens the day before)
     */
    public record ActiveBy(Deadline deadline, Optional<LocalTime> from) {
        public ActiveBy {
            Objects.requireNonNull(deadline, "deadline");
            Objects.requireNonNull(from, "from");
        }
    }

    /** Behind once at least {@code waiting} messages wait, or the oldest has waited {@code age}; either or both. */
    public record Behind(OptionalLong waiting, Optional<Duration> age) {
        public Behind {
            Objects.requireNonNull(waiting, "waiting");
            Objects.requireNonNull(age, "age");
            if (waiting.isEmpty() && age.isEmpty()) throw new IllegalArgumentException("behind needs waiting or age");
        }
    }
}
