package io.ductus.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;

/** What the studio's load runs do on the FX thread: run something there and wait for it, wait for a condition there. */
final class FxCalls {

    private FxCalls() {
    }

    static <T> T onFx(Supplier<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return result.get(30, TimeUnit.SECONDS);
    }

    /** Polls the condition on the FX thread until it holds, or fails naming what it waited for after 60 s. */
    static void await(Supplier<Boolean> condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!onFx(condition)) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("waited 60 s for " + what);
            Thread.sleep(5);
        }
    }
}
