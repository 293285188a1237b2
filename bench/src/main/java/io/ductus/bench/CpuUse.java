package io.ductus.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The CPU two processes used over a span, and the whole machine's: read from {@code /proc} (Linux), so that a
 * benchmark's figures say where the cores went. On a shared machine a latency beside load means little without
 * knowing whether the engine, the benchmark's own load generators or somebody else held the CPU.
 */
final class CpuUse {

    /** Clock ticks per second of /proc's counters (USER_HZ, 100 on every Linux that matters here). */
    private static final double TICKS = 100.0;

    private final long engine;
    private final long[] engineStart;
    private final long[] benchStart;
    private final long[] machineStart;
    private final long started = System.nanoTime();

    private CpuUse(long enginePid) throws IOException {
        this.engine = enginePid;
        this.engineStart = process(enginePid);
        this.benchStart = process(ProcessHandle.current().pid());
        this.machineStart = machine();
    }

    /** Starts counting now for the engine's process and this one. */
    static CpuUse since(Process engine) throws IOException {
        return new CpuUse(engine.pid());
    }

    /** What was used since the start, as "engine 1.2 s (user 0.9, sys 0.3), bench ..., machine 87 % busy over 15.0 s". */
    String report() throws IOException {
        long[] e = process(engine);
        long[] b = process(ProcessHandle.current().pid());
        long[] m = machine();
        double seconds = (System.nanoTime() - started) / 1e9;
        double busy = m[1] - machineStart[1] == 0 ? 0 : 100.0 * (m[0] - machineStart[0]) / (m[1] - machineStart[1]);
        return String.format(Locale.ROOT, "CPU: engine %.1f s (user %.1f, sys %.1f), this benchmark %.1f s (user %.1f, sys %.1f),"
                        + " machine %.0f %% busy over %.1f s", (e[0] + e[1] - engineStart[0] - engineStart[1]) / TICKS,
                (e[0] - engineStart[0]) / TICKS, (e[1] - engineStart[1]) / TICKS, (b[0] + b[1] - benchStart[0] - benchStart[1]) / TICKS,
                (b[0] - benchStart[0]) / TICKS, (b[1] - benchStart[1]) / TICKS, busy, seconds);
    }

    /** A process's CPU time so far (user and system), in ms. */
    static long processMs(long pid) throws IOException {
        long[] t = process(pid);
        return Math.round((t[0] + t[1]) * 1000 / TICKS);
    }

    /** A process's user and system ticks (fields 14 and 15 of /proc/pid/stat, counted after the command's closing parenthesis). */
    private static long[] process(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
    }

    /** The machine's busy and total ticks (the first line of /proc/stat; idle and iowait are not busy). */
    private static long[] machine() throws IOException {
        String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < f.length; i++) total += Long.parseLong(f[i]);
        long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
        return new long[] {total - idle, total};
    }
}
