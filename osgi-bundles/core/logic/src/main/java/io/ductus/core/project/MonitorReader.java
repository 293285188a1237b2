package io.ductus.core.project;

import io.ductus.core.health.Expectations;
import io.ductus.core.health.Expectations.ActiveBy;
import io.ductus.core.health.Expectations.ActiveWithin;
import io.ductus.core.health.Expectations.Behind;
import io.ductus.core.time.CronSchedule;
import io.ductus.core.time.DaySet;
import io.ductus.core.time.Deadline;
import io.ductus.core.time.LocalWindow;
import io.ductus.sdk.config.DurationText;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads {@code monitor:} of interface.yaml (and of its destinations) into {@link Expectations}, and checks
 * what the shape cannot: a deadline is exactly one of daily, weekly and cron; behind says waiting, age or both.
 */
final class MonitorReader {

    private static final List<String> DEADLINES = List.of("daily", "weekly", "cron");

    private MonitorReader() {
    }

    /** Problems the shape check cannot see, at the keys concerned. Call beside the shape check. */
    static void check(MapNode root, FileProblems problems) {
        map(root, "monitor").ifPresent(monitor -> {
            map(monitor, "active_by").ifPresent(by -> {
                List<String> given = DEADLINES.stream().filter(k -> by.value(k).isPresent()).toList();
                if (given.size() != 1) {
                    problems.add(by.position(), "monitor.active_by", given.isEmpty()
                            ? "needs a deadline: one of daily, weekly or cron"
                            : "has " + String.join(" and ", given) + ": give one deadline (one of daily, weekly or cron)");
                }
            });
            checkBehind(monitor, "monitor.behind", problems);
        });
        map(root, "destinations").ifPresent(destinations -> {
            for (MapNode.Entry entry : destinations.entries()) {
                if (entry.value() instanceof MapNode d) {
                    map(d, "monitor").ifPresent(m -> checkBehind(m, "destinations." + entry.key() + ".monitor.behind", problems));
                }
            }
        });
    }

    private static void checkBehind(MapNode monitor, String field, FileProblems problems) {
        map(monitor, "behind").ifPresent(behind -> {
            if (behind.value("waiting").isEmpty() && behind.value("age").isEmpty()) {
                problems.add(behind.position(), field, "needs waiting, age or both");
            }
        });
    }

    static Expectations expectations(MapNode root) {
        Optional<MapNode> monitor = map(root, "monitor");
        if (monitor.isEmpty()) return Expectations.NONE;
        return new Expectations(map(monitor.get(), "active_within").map(MonitorReader::within),
                map(monitor.get(), "active_by").map(MonitorReader::by), behind(monitor.get()));
    }

    /** A destination's own {@code monitor.behind}, if it has one. */
    static Optional<Behind> destinationBehind(MapNode destination) {
        return map(destination, "monitor").flatMap(MonitorReader::behind);
    }

    private static ActiveWithin within(MapNode w) {
        Optional<String> hours = InterfaceReader.text(w, "hours");
        DaySet days = InterfaceReader.text(w, "days").map(DaySet::parse).orElse(DaySet.EVERY_DAY);
        Optional<LocalWindow> window = hours.map(h -> LocalWindow.parse(h, days))
                .or(() -> w.value("days").isPresent() ? Optional.of(new LocalWindow(LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, days))
                        : Optional.empty());
        return new ActiveWithin(DurationText.parse(InterfaceReader.text(w, "every").orElseThrow()), window);
    }

    private static ActiveBy by(MapNode b) {
        Deadline deadline = InterfaceReader.text(b, "daily").<Deadline>map(t -> new Deadline.Daily(LocalWindow.time(t, t)))
                .or(() -> InterfaceReader.text(b, "weekly").map(Deadline.Weekly::parse))
                .or(() -> InterfaceReader.text(b, "cron").map(t -> new Deadline.Cron(CronSchedule.parse(t))))
                .orElseThrow(() -> new IllegalStateException("a deadline passed the check without daily, weekly or cron"));
        return new ActiveBy(deadline, InterfaceReader.text(b, "from").map(t -> LocalWindow.time(t, t)));
    }

    private static Optional<Behind> behind(MapNode monitor) {
        return map(monitor, "behind").map(b -> new Behind(
                InterfaceReader.wholeNumber(b, "waiting").map(OptionalLong::of).orElse(OptionalLong.empty()),
                InterfaceReader.text(b, "age").map(DurationText::parse)));
    }

    static Optional<MapNode> map(MapNode parent, String key) {
        return parent.value(key).filter(MapNode.class::isInstance).map(MapNode.class::cast);
    }
}
