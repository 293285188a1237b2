package io.ductus.studio.e2e;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;
import javax.imageio.ImageIO;
import org.testfx.util.WaitForAsyncUtils;

/** What the end-to-end tests do with the screen: wait for it to show something (polling to a deadline) and save a picture of it. */
final class Screens {

    private Screens() {
    }

    /** Where screenshots go: docs/studio of the checkout (set by the build), else target/studio-screens. */
    static Path folder() {
        return Path.of(System.getProperty("ductus.studio.screenshots", "target/studio-screens"));
    }

    /** Saves the window's scene as {@code name}.png. */
    static void shoot(Window window, String name) {
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage image = onFx(() -> window.getScene().snapshot(null));
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = image.getPixelReader();
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) out.setRGB(x, y, pixels.getArgb(x, y));
        try {
            Files.createDirectories(folder());
            ImageIO.write(out, "png", folder().resolve(name + ".png").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs on the FX thread and returns what it gave. */
    static <T> T onFx(Supplier<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("on the FX thread: " + e, e);
        }
    }

    /** Waits until the condition (checked on the FX thread) holds, or fails naming what it waited for. */
    static void await(String what, long seconds, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            WaitForAsyncUtils.waitForFxEvents();
            if (onFx(condition::getAsBoolean)) return;
            if (System.nanoTime() > deadline) throw new AssertionError("waited " + seconds + " s for: " + what);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
