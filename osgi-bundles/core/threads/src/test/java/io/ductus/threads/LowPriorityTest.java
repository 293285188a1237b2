package io.ductus.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class LowPriorityTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    void a_lowered_thread_is_niced_for_the_kernel_and_the_other_threads_are_not() throws Exception {
        AtomicReference<String> nice = new AtomicReference<>();
        AtomicReference<Boolean> told = new AtomicReference<>();
        Thread t = new Thread(() -> {
            told.set(LowPriority.lowerThisThread());
            try {
                nice.set(niceOfThisThread());
            } catch (Exception e) {
                nice.set(e.toString());
            }
        });
        t.start();
        t.join();
        assertThat(told.get()).isTrue();
        assertThat(nice.get()).isEqualTo("19");
        assertThat(niceOfThisThread()).isNotEqualTo("19");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void a_pool_of_its_threads_runs_every_task_niced_on_threads_named_for_it() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2, LowPriority.threads("scan", true));
        try {
            for (int i = 0; i < 4; i++) {
                String[] seen = CompletableFuture.supplyAsync(() -> {
                    try {
                        return new String[] {Thread.currentThread().getName(), niceOfThisThread()};
                    } catch (Exception e) {
                        return new String[] {Thread.currentThread().getName(), e.toString()};
                    }
                }, pool).get(10, TimeUnit.SECONDS);
                assertThat(seen[0]).matches("scan-[12]");
                assertThat(seen[1]).isEqualTo("19");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Field 19 of /proc/thread-self/stat (after the command's closing parenthesis). */
    private static String niceOfThisThread() throws Exception {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return fields[16];
    }
}
