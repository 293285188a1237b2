package io.ductus.studio;

import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.connect.ClientFactory;
import io.ductus.studio.connect.ConnectView;
import io.ductus.studio.connect.ConnectViewModel;
import io.ductus.studio.connect.ServerProfile;
import io.ductus.studio.connect.StudioSettings;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.main.Screen;
import io.ductus.studio.main.ServerWindow;
import io.ductus.studio.main.ServerWindowViewModel;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.FxTaskExecutor;
import io.ductus.studio.ui.FxDialogService;
import io.ductus.studio.ui.Theme;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The studio's composition root: settings, theme, the task executor, the connect window, and one window per
 * server signed in to (several may be open). Remembers each window's place and screen, the last server, the
 * theme and the font size.
 */
public final class StudioApp extends Application implements ServerWindow.Host {

    /** Printed once the connect screen is on screen, for bench/run studio. */
    public static final String SHOWN = "ductus studio: connect screen shown";

    private final List<ServerWindow> windows = new ArrayList<>();
    private final Hl7TreeReader reader = new Hl7TreeReader();
    private FxTaskExecutor tasks;
    private StudioSettings settings;
    private Stage connectStage;
    private ClientFactory clients = ClientFactory.REAL;

    @Override
    public void start(Stage stage) {
        start(stage, StudioSettings.defaultFolder(), ClientFactory.REAL);
    }

    /** Starts with a given settings folder and clients (the UI tests' entry). */
    public void start(Stage stage, Path settingsFolder, ClientFactory factory) {
        this.clients = factory;
        tasks = new FxTaskExecutor();
        settings = new StudioSettings(settingsFolder);
        Theme.apply(settings.saved().theme());
        connectStage = stage;
        ConnectViewModel connect = new ConnectViewModel(tasks, settings, clients, this::open);
        Scene scene = new Scene(new ConnectView(connect).root(), 960, 620);
        Theme.style(scene, settings.saved().fontSize());
        stage.setScene(scene);
        stage.setTitle("Ductus Studio — connect");
        stage.show();
        if (Boolean.getBoolean("ductus.studio.startup.report")) {
            Platform.runLater(() -> System.out.println(SHOWN + " " + ProcessHandle.current().info().startInstant()
                    .map(t -> (System.currentTimeMillis() - t.toEpochMilli()) + " ms after the process started").orElse("")));
        }
        // The reachability of saved servers and the warm-ups (the client; the HL7 dictionary, read once on first use)
        // come after the first frame, never before it, and off the FX thread.
        Platform.runLater(() -> {
            connect.probeAll();
            tasks.execute(io.ductus.studio.task.BackgroundTask.run(io.ductus.studio.connect.ClientWarmup::run));
            tasks.execute(io.ductus.studio.task.BackgroundTask.run(Hl7Dictionary::standard));
        });
    }

    /** Opens a server's window, placed and on the screen it had last time. */
    private void open(ServerProfile profile, ConnectViewModel.Signed signed) {
        Stage stage = new Stage();
        ServerSession session = new ServerSession(profile.name(), signed.api(), signed.me(), tasks, new FxDialogService(stage),
                Clock.systemDefaultZone());
        ServerWindowViewModel vm = new ServerWindowViewModel(session, reader, Hl7Dictionary.standard());
        StudioSettings.WindowPlace place = settings.saved().windows().get(profile.name());
        if (place != null && place.screen() != null) {
            try {
                vm.screenProperty().set(Screen.valueOf(place.screen()));
            } catch (IllegalArgumentException e) {
                // a screen this version does not have: the dashboard
            }
        }
        ServerWindow window = new ServerWindow(vm, stage, this);
        Theme.style(stage.getScene(), settings.saved().fontSize());
        if (place != null) {
            stage.setX(place.x());
            stage.setY(place.y());
            stage.setWidth(place.width());
            stage.setHeight(place.height());
            stage.setMaximized(place.maximized());
        }
        windows.add(window);
        stage.show();
        vm.start();
    }

    private void remember(String profile, ServerWindow window) {
        Stage s = window.stage();
        settings.window(profile, new StudioSettings.WindowPlace(s.getX(), s.getY(), s.getWidth(), s.getHeight(), s.isMaximized(),
                window.viewModel().screenProperty().get().name()));
    }

    public List<ServerWindow> windows() {
        return List.copyOf(windows);
    }

    @Override
    public void toggleTheme() {
        String next = "dark".equals(settings.saved().theme()) ? "light" : "dark";
        settings.look(next, settings.saved().fontSize());
        Theme.apply(next);
    }

    @Override
    public void fontSize(double delta) {
        double size = Math.max(9, Math.min(28, settings.saved().fontSize() + delta));
        settings.look(settings.saved().theme(), size);
        Theme.style(connectStage.getScene(), size);
        for (ServerWindow w : windows) Theme.style(w.stage().getScene(), size);
    }

    @Override
    public double fontSize() {
        return settings.saved().fontSize();
    }

    @Override
    public void closed(ServerWindow window) {
        // However it closed (the window's close box, Ctrl+W, signing out), its place and screen are kept.
        remember(window.viewModel().session().name(), window);
        windows.remove(window);
        window.viewModel().session().close();
    }

    @Override
    public void stop() {
        for (ServerWindow w : List.copyOf(windows)) w.viewModel().session().close();
        if (tasks != null) tasks.close();
    }
}
