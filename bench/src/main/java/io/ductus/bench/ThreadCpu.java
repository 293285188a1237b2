package io.ductus.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The CPU a process's threads used over a span, grouped by what they are (from their names in
 * {@code /proc/pid/task/tid/stat}, Linux): where a phase's CPU-seconds went inside the engine, the JIT
 * compilers' included. A thread that ends during the span counts with what it had used when last
 * {@link #sample() sampled}; what it used after that is in the process's total only ("ended unseen").
 */
final class ThreadCpu {

    private static final double TICKS = 100.0;

    private final long pid;
    private final Function<String, String> group;
    private final Map<String, Long> start;
    private final Map<String, Long> seen = new HashMap<>();
    private final long processStart;

    private ThreadCpu(long pid, Function<String, String> group) throws IOException {
        this.pid = pid;
        this.group = group;
        this.start = threads(pid);
        this.processStart = process(pid);
    }

    /** @param group the group of a thread's name (its first 15 characters, as Linux keeps it) */
    static ThreadCpu since(Process process, Function<String, String> group) throws IOException {
        return new ThreadCpu(process.pid(), group);
    }

    /** Notes what each thread has used so far: a thread that ends before {@link #seconds()} counts with it. */
    void sample() {
        try {
            seen.putAll(threads(pid));
        } catch (IOException e) {
            // the process ended: seconds() says so
        }
    }

    /** The CPU-seconds of each group since the start, the largest first, and "process" (all of it). */
    Map<String, Double> seconds() throws IOException {
        Map<String, Long> now = new HashMap<>(seen);
        now.putAll(threads(pid));
        Map<String, Long> ticks = new LinkedHashMap<>();
        long grouped = 0;
        for (Map.Entry<String, Long> e : now.entrySet()) {
            String[] idAndName = e.getKey().split(" ", 2);
            long used = e.getValue() - start.getOrDefault(e.getKey(), 0L);
            if (used <= 0) continue;
            ticks.merge(group.apply(idAndName[1]), used, Long::sum);
            grouped += used;
        }
        long total = process(pid) - processStart;
        if (total > grouped) ticks.merge("ended unseen", total - grouped, Long::sum);
        Map<String, Double> seconds = new LinkedHashMap<>();
        ticks.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> seconds.put(e.getKey(), e.getValue() / TICKS));
        seconds.put("process", total / TICKS);
        return seconds;
    }

    static String format(Map<String, Double> seconds) {
        StringBuilder b = new StringBuilder();
        seconds.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k).append(' ').append(String.format(Locale.ROOT, "%.2f s", v)));
        return b.toString();
    }

    /** "tid name" → user + system ticks of each of the process's threads now. */
    private static Map<String, Long> threads(long pid) throws IOException {
        Map<String, Long> ticks = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks.put(task.getFileName() + " " + name, Long.parseLong(f[11]) + Long.parseLong(f[12]));
                } catch (IOException e) {
                    // the thread ended while the list was read
                }
            }
        }
        return ticks;
    }

    private static long process(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
