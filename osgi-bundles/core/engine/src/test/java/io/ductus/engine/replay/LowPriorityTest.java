package io.ductus.engine.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class LowPriorityTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    void a_replay_thread_is_niced_for_the_kernel_and_the_other_threads_are_not() throws Exception {
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

    /** Field 19 of /proc/thread-self/stat (after the command's closing parenthesis). */
    private static String niceOfThisThread() throws Exception {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return fields[16];
    }
}
