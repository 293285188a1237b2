package io.ductus.studio.main;

import io.ductus.studio.ui.Titles;
import io.ductus.studio.admin.TokensView;
import io.ductus.studio.admin.UsersView;
import io.ductus.studio.audit.AuditView;
import io.ductus.studio.dashboard.DashboardView;
import io.ductus.studio.design.DesignerView;
import io.ductus.studio.replay.ReplayView;
import io.ductus.studio.messages.CompareView;
import io.ductus.studio.messages.MessageBrowserView;
import io.ductus.studio.quarantine.QuarantineView;
import io.ductus.studio.ui.Icons;
import java.util.EnumMap;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * A server's window: the one banner, the screens as tabs (Ctrl+1 … Ctrl+9), signing in again in place, and the
 * keyboard shortcuts (F5 refresh, Ctrl+F search, Ctrl+W close, Ctrl+Plus/Minus font size). Binds only.
 */
public final class ServerWindow {

    /** What the window asks of the studio around it (the look, closing). */
    public interface Host {
        void toggleTheme();

        void fontSize(double delta);

        double fontSize();

        void closed(ServerWindow window);
    }

    private static final Map<Screen, Ikon> ICONS = Map.of(Screen.DASHBOARD, Material2AL.DASHBOARD, Screen.MESSAGES, Material2MZ.MAIL,
            Screen.DESIGNER, Material2AL.CODE, Screen.REPLAY, Material2MZ.REPLAY,
            Screen.COMPARE, Material2AL.COMPARE_ARROWS, Screen.QUARANTINE, Material2MZ.REPORT_PROBLEM, Screen.AUDIT, Material2AL.HISTORY,
            Screen.USERS, Material2MZ.PEOPLE, Screen.TOKENS, Material2MZ.VPN_KEY);

    private final ServerWindowViewModel vm;
    private final Stage stage;
    private final TabPane tabs = new TabPane();
    private final Map<Screen, Tab> byScreen = new EnumMap<>(Screen.class);
    private DashboardView dashboardView;
    private MessageBrowserView messagesView;
    private DesignerView designerView;

    public ServerWindow(ServerWindowViewModel vm, Stage stage, Host host) {
        this.vm = vm;
        this.stage = stage;
        boolean operator = vm.session().me() != null && vm.session().me().atLeast("operator");
        for (Screen s : Screen.values()) {
            Tab tab = new Tab(s.title());
            tab.setId("tab-" + s.name().toLowerCase());
            tab.setGraphic(Icons.icon(ICONS.get(s)));
            tab.setClosable(false);
            byScreen.put(s, tab);
            tabs.getTabs().add(tab);
        }
        // A screen's controls are made when it is first shown: a window opens with the dashboard's alone.
        fill(vm.screenProperty().get(), operator);
        tabs.getSelectionModel().select(byScreen.get(vm.screenProperty().get()));
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, tab) -> byScreen.forEach((s, t) -> {
            if (t == tab) {
                fill(s, operator);
                vm.screenProperty().set(s);
            }
        }));
        vm.screenProperty().addListener((o, a, s) -> {
            fill(s, operator);
            tabs.getSelectionModel().select(byScreen.get(s));
        });

        BorderPane root = new BorderPane();
        root.setTop(new VBox(banner(), header(host)));
        root.setCenter(new StackPane(tabs, signInOverlay()));
        root.setBottom(statusBar());
        Scene scene = new Scene(root, 1280, 800);
        shortcuts(scene, host);
        stage.setScene(scene);
        stage.setTitle(vm.title());
        stage.setOnHidden(e -> {
            vm.closing();
            host.closed(this);
        });
        vm.onSignedOut(stage::close);
    }

    private void fill(Screen s, boolean operator) {
        Tab tab = byScreen.get(s);
        if (tab.getContent() != null) return;
        tab.setContent(!vm.allowed(s) ? notAllowed(vm.whyNot(s)) : switch (s) {
            case DASHBOARD -> (dashboardView = new DashboardView(vm.dashboard())).root();
            case MESSAGES -> (messagesView = new MessageBrowserView(vm.messages(), vm)).root();
            case DESIGNER -> (designerView = new DesignerView(vm.designer())).root();
            case REPLAY -> new ReplayView(vm.replay()).root();
            case COMPARE -> new CompareView(vm.compare()).root();
            case QUARANTINE -> new QuarantineView(vm.quarantine(), operator).root();
            case AUDIT -> new AuditView(vm.audit()).root();
            case USERS -> new UsersView(vm.users()).root();
            case TOKENS -> new TokensView(vm.tokens()).root();
        });
    }

    public Stage stage() {
        return stage;
    }

    public ServerWindowViewModel viewModel() {
        return vm;
    }

    private Node banner() {
        Label text = new Label();
        text.setId("banner");
        text.setWrapText(true);
        text.textProperty().bind(vm.session().connection().bannerProperty());
        HBox banner = new HBox(8, Icons.icon(Material2AL.CLOUD_OFF), text);
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.getStyleClass().add("banner");
        banner.visibleProperty().bind(vm.session().connection().bannerProperty().isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    private Node header(Host host) {
        Label server = Titles.screen(vm.session().name());
        Label url = new Label(vm.session().api().base().toString());
        url.getStyleClass().add("muted");
        Label who = new Label();
        who.setId("who");
        who.textProperty().bind(vm.whoProperty());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        Button theme = Icons.iconButton(Material2AL.BRIGHTNESS_4, "Light or dark (Ctrl+Shift+D)", "theme", host::toggleTheme);
        Button smaller = Icons.iconButton(Material2MZ.ZOOM_OUT, "Smaller text (Ctrl+Minus)", "font-smaller", () -> host.fontSize(-1));
        Button larger = Icons.iconButton(Material2MZ.ZOOM_IN, "Larger text (Ctrl+Plus)", "font-larger", () -> host.fontSize(1));
        Button signOut = Icons.button("Sign out", Material2AL.EXIT_TO_APP, "sign-out", vm::signOut);
        HBox bar = new HBox(server, url, grow, who, theme, smaller, larger, signOut);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    /** ControlsFX's status bar: the connection on the left, the engine on the right. */
    private Node statusBar() {
        StatusBar bar = new StatusBar();
        bar.setId("status-bar");
        bar.textProperty().bind(vm.connectionTextProperty());
        Label engine = new Label();
        engine.setId("engine-text");
        engine.textProperty().bind(vm.engineTextProperty());
        bar.getRightItems().add(engine);
        return bar;
    }

    private Node signInOverlay() {
        Label title = Titles.screen("Sign in again");
        Label reason = new Label();
        reason.setWrapText(true);
        reason.textProperty().bind(vm.session().connection().signInReasonProperty());
        PasswordField password = new PasswordField();
        password.setId("sign-in-again-password");
        password.setPromptText("password of " + (vm.session().me() == null ? "" : vm.session().me().user()));
        password.textProperty().bindBidirectional(vm.signInPasswordProperty());
        password.setOnAction(e -> vm.signInAgain());
        Button go = Icons.button("Sign in", Material2AL.LOGIN, "sign-in-again", vm::signInAgain);
        go.setDefaultButton(true);
        Label message = new Label();
        message.setWrapText(true);
        message.textProperty().bind(vm.signInMessageProperty());
        Label kept = new Label("Everything on your screens stays as it is, typed text included.");
        kept.getStyleClass().add("muted");
        VBox card = new VBox(10, title, reason, password, go, message, kept);
        card.getStyleClass().add("connect-card");
        card.setMaxHeight(Region.USE_PREF_SIZE);
        StackPane overlay = new StackPane(card);
        overlay.getStyleClass().add("sign-in-overlay");
        overlay.visibleProperty().bind(vm.session().connection().signInNeededProperty());
        return overlay;
    }

    private void shortcuts(Scene scene, Host host) {
        Screen[] screens = Screen.values();
        KeyCode[] digits = {KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4, KeyCode.DIGIT5, KeyCode.DIGIT6, KeyCode.DIGIT7,
                KeyCode.DIGIT8, KeyCode.DIGIT9};
        for (int i = 0; i < screens.length; i++) {
            Screen s = screens[i];
            scene.getAccelerators().put(new KeyCodeCombination(digits[i], KeyCombination.SHORTCUT_DOWN), () -> vm.screenProperty().set(s));
        }
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), vm::refresh);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN), stage::close);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.PLUS, KeyCombination.SHORTCUT_DOWN), () -> host.fontSize(1));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN), () -> host.fontSize(1));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN), () -> host.fontSize(-1));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                host::toggleTheme);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN), () -> {
            if (vm.screenProperty().get() == Screen.MESSAGES && messagesView != null) messagesView.textField().requestFocus();
            else if (vm.screenProperty().get() == Screen.DESIGNER && designerView != null) designerView.searchField().requestFocus();
            else {
                vm.screenProperty().set(Screen.DASHBOARD);
                if (dashboardView != null) dashboardView.searchField().requestFocus();
            }
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), () -> {
            if (vm.screenProperty().get() == Screen.MESSAGES) vm.messages().detail().resend();
        });
    }

    private static Node notAllowed(String why) {
        Label label = new Label(why);
        label.setWrapText(true);
        label.getStyleClass().add("muted");
        StackPane pane = new StackPane(label);
        pane.setStyle("-fx-padding: 3em;");
        return pane;
    }
}
