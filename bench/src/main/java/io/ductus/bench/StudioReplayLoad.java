package io.ductus.bench;

import static io.ductus.bench.FxCalls.await;
import static io.ductus.bench.FxCalls.onFx;

import io.ductus.client.DuctusClient;
import io.ductus.studio.main.Screen;
import io.ductus.studio.main.ServerWindowViewModel;
import io.ductus.studio.replay.ReplayViewModel;
import io.ductus.studio.ui.Theme;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The replay screen against a real engine, in a JVM of its own (headless): oru-lab over the last day through the
 * caller's draft, from the Replay button to the first frame showing the finished table (the counts and the
 * first page of rows).
 *   StudioReplayLoad API TOKEN
 */
public final class StudioReplayLoad {

    public static void main(String[] args) throws Exception {
        DuctusClient client = DuctusClient.withToken(URI.create(args[0]), args[1]);
        var me = client.me();
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Stage stage = onFx(() -> {
            Theme.apply("light");
            return new Stage();
        });
        ServerWindowViewModel vm = onFx(() -> StudioLoad.window(client, me, stage));
        ReplayViewModel replay = vm.replay();
        onFx(() -> {
            vm.screenProperty().set(Screen.REPLAY);
            return null;
        });
        await(() -> replay.interfaceNames().contains("oru-lab"), "the replay screen's interfaces");
        long[] finishedAt = {0};
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                var r = replay.currentProperty().get();
                if (finishedAt[0] == 0 && r != null && r.status().equals("done") && !replay.rows().isEmpty()) finishedAt[0] = System.nanoTime();
            }
        }.start();
        long t0 = onFx(() -> {
            replay.chosen().setAll("oru-lab");
            replay.periodProperty().set(ReplayViewModel.Period.LAST_DAY);
            replay.candidateProperty().set(ReplayViewModel.Candidate.DRAFT);
            replay.ignoreProperty().set("");
            long now = System.nanoTime();
            replay.start();
            return now;
        });
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
        while (onFx(() -> finishedAt[0]) == 0) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("the replay did not finish on screen within 20 min");
            Thread.sleep(20);
        }
        var done = onFx(() -> replay.currentProperty().get());
        System.out.println("replay " + done.id() + " on screen: " + done.summary().messages() + " messages, " + done.summary().kind("changed")
                + " rows changed, the engine's own " + done.summary().seconds() + " s");
        System.out.printf("replay_ui_ms=%d messages=%d%n", TimeUnit.NANOSECONDS.toMillis(finishedAt[0] - t0), done.summary().messages());
        System.exit(0);
    }
}
