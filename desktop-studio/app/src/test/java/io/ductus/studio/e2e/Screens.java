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
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import org.testfx.api.FxRobot;
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

    /** Types into a field as a user would, once it has the focus (a click could land before a layout settles). */
    static void type(FxRobot robot, String query, String text) {
        TextInputControl field = robot.lookup(query).queryAs(TextInputControl.class);
        await(query + " shown", 10, () -> field.isVisible() && field.getScene() != null && field.getScene().getWindow().isShowing());
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents(); // the layout that showed it has settled
        robot.clickOn(field);
        try {
            await(query + " focused", 10, field::isFocused);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; focus is on " + onFx(() -> field.getScene().getFocusOwner()) + ", field at "
                    + onFx(() -> field.localToScreen(field.getBoundsInLocal())) + ", window focused " + onFx(() -> field.getScene().getWindow().isFocused())
                    + ", mouse at " + robot.point(field).query(), e);
        }
        robot.write(text);
        await(query + " holding what was typed", 10, () -> field.getText().endsWith(text));
    }

    static void setText(FxRobot robot, String query, String text) {
        TextInputControl field = robot.lookup(query).queryAs(TextInputControl.class);
        onFx(() -> {
            field.setText(text);
            return null;
        });
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void selectPath(TreeView tree, String path) {
        TreeItem found = find(tree.getRoot(), path);
        if (found == null) throw new AssertionError("no " + path + " in the tree");
        for (TreeItem p = found.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
        tree.getSelectionModel().select(found);
        tree.scrollTo(tree.getRow(found));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static TreeItem find(TreeItem item, String path) {
        if (item.getValue() instanceof io.ductus.studio.hl7.Hl7Node n && n.path().equals(path)) return item;
        for (Object child : item.getChildren()) {
            TreeItem found = find((TreeItem) child, path);
            if (found != null) return found;
        }
        return null;
    }

    /** A button of an open dialog (not of a server window) with this text. */
    static Button dialogButton(FxRobot robot, String text) {
        return robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream().filter(b -> text.equals(b.getText())).findFirst()
                .orElse(null);
    }

    static Window dialogWindow(FxRobot robot) {
        Node pane = robot.lookup(".dialog-pane").query();
        return pane.getScene().getWindow();
    }
}
