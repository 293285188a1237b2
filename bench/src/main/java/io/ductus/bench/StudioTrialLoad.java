package io.ductus.bench;

import static io.ductus.bench.FxCalls.await;
import static io.ductus.bench.FxCalls.onFx;

import io.ductus.client.DuctusClient;
import io.ductus.client.model.Trial;
import io.ductus.studio.main.Screen;
import io.ductus.studio.main.ServerWindowViewModel;
import io.ductus.studio.ui.Theme;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;

/**
 * The designer's live trial against a real engine, in a JVM of its own (headless): the studio's window on the
 * engine, oru-lab (three destinations) open in the designer with the ORU message as its sample. Each round
 * types five characters into the editor 40 ms apart (as a person types), then measures from the last keystroke
 * to the frame that shows the trial's new result (the pause, the call, the answer laid out), against the same
 * trial called directly by the client (the engine's and the network's share).
 *   StudioTrialLoad API TOKEN ROUNDS
 */
public final class StudioTrialLoad {

    public static void main(String[] args) throws Exception {
        URI api = URI.create(args[0]);
        int rounds = Integer.parseInt(args[2]);
        DuctusClient client = DuctusClient.withToken(api, args[1]);
        var me = client.me();
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Stage stage = onFx(() -> {
            Theme.apply("light");
            return new Stage();
        });
        ServerWindowViewModel vm = onFx(() -> StudioLoad.window(client, me, stage));
        String oru = new String(TrialBench.resource(TrialBench.ORU), StandardCharsets.ISO_8859_1);
        onFx(() -> {
            vm.screenProperty().set(Screen.DESIGNER);
            vm.designer().open("oru-lab");
            vm.designer().trial().addPasted(oru);
            return null;
        });
        await(() -> vm.designer().trial().rows().size() == 3, "the first trial's three destinations");
        await(() -> vm.designer().draft().textProperty().get().contains("export"), "oru-lab's code in the editor");
        CodeArea area = onFx(() -> (CodeArea) stage.getScene().lookup("#code-editor"));
        long[] shownAt = {0};
        long[] frameAt = {0};
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                if (shownAt[0] != 0 && frameAt[0] == 0) frameAt[0] = System.nanoTime();
            }
        }.start();
        onFx(() -> {
            vm.designer().trial().rows().addListener((javafx.collections.ListChangeListener<Object>) c -> {
                if (shownAt[0] == 0) shownAt[0] = System.nanoTime();
            });
            return null;
        });
        List<Long> ui = new ArrayList<>();
        for (int round = 0; round < rounds + 5; round++) {
            int r = round;
            long last = 0;
            for (int k = 0; k < 5; k++) {
                String key = k == 0 ? "\n// " + r : "x";
                onFx(() -> {
                    area.insertText(area.getLength(), key);
                    return null;
                });
                last = System.nanoTime();
                onFx(() -> {
                    shownAt[0] = 0; // a result for an earlier keystroke does not count
                    frameAt[0] = 0;
                    return null;
                });
                if (k < 4) Thread.sleep(40);
            }
            await(() -> frameAt[0] != 0, "the trial's result on screen");
            if (round >= 5) ui.add(TimeUnit.NANOSECONDS.toMillis(frameAt[0] - last)); // five rounds warm the engine and the studio
        }
        List<Long> direct = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            var files = onFx(() -> vm.designer().draft().files());
            var changed = new java.util.LinkedHashMap<>(files);
            changed.replaceAll((path, text) -> path.endsWith("transform.js") ? text + "\n// direct " + System.nanoTime() : text);
            long t0 = System.nanoTime();
            client.design().trial("oru-lab", Trial.ofFiles(changed, List.of(new Trial.Sample(oru, null))));
            direct.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        }
        System.out.println("keystroke to result on screen: " + ui + " ms; the same trial by the client alone: " + direct + " ms");
        System.out.printf("keystroke_to_trial_ms=%d keystroke_to_trial_p90_ms=%d trial_call_ms=%d pause_ms=150 rounds=%d%n", pct(ui, 50), pct(ui, 90),
                pct(direct, 50), rounds);
        System.exit(0);
    }

    private static long pct(List<Long> values, int p) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100));
    }
}
