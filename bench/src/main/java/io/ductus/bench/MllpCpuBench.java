package io.ductus.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's CPU time per message, MLLP in to file out, alone (mllp-ingest's {@code cpu_ms_per_msg}, without
 * its other phases): a fresh engine per run, warmed in rounds of 10,000 messages until the JIT compilers are done with
 * the hot path ({@link MllpIngestBench#warmUp}), then 20,000 over 16 connections, its
 * user + system time from {@code /proc} over the messages until the last file is written. CPU time is what a
 * loaded machine disturbs least, so it is the figure to judge a change by; still only runs of the same minutes
 * compare. {@code BENCH_DUCTUS_BEFORE} names a second distribution (an older build): the two then run alternately,
 * round by round, in changing order. {@code BENCH_MLLP_CPU_ROUNDS} sets the rounds (3; 1 with --quick);
 * {@code BENCH_MLLP_CPU_JFR} names a folder where each run's measured part is recorded with Flight Recorder
 * (settings {@code BENCH_MLLP_CPU_JFC}, else {@code profile}), for {@code jfr view hot-methods}: a recording costs
 * CPU itself, so its runs' figures are not the ones to compare.
 */
final class MllpCpuBench implements BenchMain.Scenario {

    private static final int CONNECTIONS = 16;

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path work = Files.createTempDirectory(root.resolve("bench/target"), "mllp-cpu");
        int rounds = Integer.parseInt(System.getenv().getOrDefault("BENCH_MLLP_CPU_ROUNDS", quick ? "1" : "3"));
        int warm = quick ? 5000 : 10000;
        int messages = quick ? 5000 : 20000;
        String jfr = System.getenv("BENCH_MLLP_CPU_JFR");
        String jfc = System.getenv().getOrDefault("BENCH_MLLP_CPU_JFC", "profile");
        List<String> labels = new ArrayList<>(List.of("this"));
        List<Path> homes = new ArrayList<>(List.of(MllpIngestBench.distribution(root)));
        String before = System.getenv("BENCH_DUCTUS_BEFORE");
        if (before != null && !before.isBlank()) {
            labels.add(0, "before");
            homes.add(0, Path.of(before));
        }
        List<List<Double>> cpu = new ArrayList<>();
        List<List<Double>> noJit = new ArrayList<>();
        for (int i = 0; i < homes.size(); i++) {
            cpu.add(new ArrayList<>());
            noJit.add(new ArrayList<>());
        }
        String loadBefore = LoadAverage.now();
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < homes.size(); k++) {
                int i = (k + r) % homes.size(); // the order changes round by round
                String name = labels.get(i) + "-" + r;
                try (MllpIngestBench.Engine e = MllpIngestBench.Engine.startFrom(homes.get(i), work, name, null, false)) {
                    MllpIngestBench.warmUp(e, CONNECTIONS, warm);
                    if (jfr != null) AckStepsBench.jcmd(e.process.pid(), "JFR.start", "name=cpu", "settings=" + jfc);
                    ThreadCpu threads = ThreadCpu.since(e.process, MllpCpuBench::threadGroup);
                    CpuUse use = CpuUse.since(e.process);
                    double[] measured = MllpIngestBench.cpuPerMessage(e, CONNECTIONS, 0, messages);
                    System.out.println("  " + use.report());
                    System.out.println("  by thread: " + ThreadCpu.format(threads.seconds()));
                    if (jfr != null) {
                        Path file = Files.createDirectories(Path.of(jfr)).resolve(name + ".jfr");
                        AckStepsBench.jcmd(e.process.pid(), "JFR.dump", "name=cpu", "filename=" + file.toAbsolutePath());
                        AckStepsBench.jcmd(e.process.pid(), "JFR.stop", "name=cpu");
                        System.out.println("recorded " + file.toAbsolutePath());
                    }
                    cpu.get(i).add(measured[0]);
                    noJit.get(i).add(measured[2]);
                    System.out.printf("%s: %.3f ms CPU per message, %.3f without the JIT compilers (load %s)%n", name, measured[0],
                            measured[2], LoadAverage.now());
                }
            }
        }
        System.out.printf("load average: %s before, %s after%n", loadBefore, LoadAverage.now());
        for (int i = 0; i < homes.size(); i++) {
            System.out.printf("RESULT mllp-cpu%s cpu_ms_per_msg=%.3f cpu_no_jit_ms_per_msg=%.3f runs=%s no_jit_runs=%s%n",
                    labels.get(i).equals("this") ? "" : "_" + labels.get(i), Median.of(cpu.get(i)), Median.of(noJit.get(i)),
                    cpu.get(i).stream().map(v -> String.format("%.3f", v)).toList(),
                    noJit.get(i).stream().map(v -> String.format("%.3f", v)).toList());
        }
        if (jfr == null) MllpIngestBench.deleteQuietly(work);
    }

    /** What a thread is, from its name (Linux keeps 15 characters): where the CPU of a run went. */
    static String threadGroup(String name) {
        if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) return "JIT";
        if (name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("VM ")) return "GC and VM";
        if (name.startsWith("ForkJoinPool")) return "virtual threads' carriers";
        return name.replaceAll("[-#]?\\d+$", "");
    }

}
