package io.ductus.studio.e2e;

import static io.ductus.studio.e2e.Screens.await;
import static io.ductus.studio.e2e.Screens.dialogButton;
import static io.ductus.studio.e2e.Screens.dialogWindow;
import static io.ductus.studio.e2e.Screens.selectPath;
import static io.ductus.studio.e2e.Screens.setText;
import static io.ductus.studio.e2e.Screens.type;
import static io.ductus.studio.e2e.Screens.onFx;
import static io.ductus.studio.e2e.Screens.shoot;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.MessageSummary;
import io.ductus.studio.StudioApp;
import io.ductus.studio.connect.ClientFactory;
import io.ductus.studio.dashboard.DestinationRow;
import io.ductus.studio.dashboard.InterfaceRow;
import io.ductus.studio.main.Screen;
import io.ductus.studio.main.ServerWindow;
import io.ductus.studio.main.ServerWindowViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The studio against a real engine (the built distribution, SQLite, messages over MLLP), headless: sign in and
 * choose a password, see the interfaces, watch a count move when a message arrives, open the quarantined
 * message, read its HL7 tree, resend it and see it sent, compare two messages, the quarantine, the audit log,
 * users and tokens; then the engine stopped and started again under the open studio. Each screen it passes
 * through is saved as a PNG in docs/studio/ (docs/studio.md shows them).
 */
@ExtendWith(ApplicationExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StudioIT {

    private static final String FIRST_PASSWORD = "first password 2026";
    private static final String OWN_PASSWORD = "correct horse battery staple";

    @TempDir
    static Path tmp;

    private MllpPeers.Lab lab;
    private RealEngine engine;
    private StudioApp studio;
    private Stage connectStage;

    @BeforeAll
    void startEngine() throws Exception {
        lab = new MllpPeers.Lab();
        engine = new RealEngine(tmp.resolve("engine"), lab.port());
        engine.createUser("admin", "admin", FIRST_PASSWORD);
        engine.start(0);
    }

    @AfterAll
    void stopEngine() throws Exception {
        if (engine != null) engine.close();
        if (lab != null) lab.close();
    }

    @Start
    void start(Stage stage) throws Exception {
        connectStage = stage;
        studio = new StudioApp();
        Path settings = Files.createDirectories(tmp.resolve("studio-" + System.nanoTime()));
        studio.start(stage, settings, ClientFactory.REAL);
    }

    @Test
    @Order(1)
    void an_operator_signs_in_watches_a_quarantine_arrive_reads_the_tree_and_resends_it(FxRobot robot) throws Exception {
        // Connect: the first sign-in asks for a password of one's own.
        setText(robot, "#name", "general-hospital");
        setText(robot, "#url", engine.apiUrl());
        type(robot, "#username", "admin");
        type(robot, "#password", FIRST_PASSWORD);
        shoot(connectStage, "01-connect");
        robot.clickOn("#connect");
        await("the password change step", 30, () -> robot.lookup("#newPassword").queryAs(Node.class).isVisible());
        type(robot, "#newPassword", OWN_PASSWORD);
        type(robot, "#newPasswordAgain", OWN_PASSWORD);
        shoot(connectStage, "02-change-password");
        robot.clickOn("#changePassword");
        await("the server window", 30, () -> !studio.windows().isEmpty());
        ServerWindow window = studio.windows().getFirst();
        ServerWindowViewModel vm = window.viewModel();

        // The dashboard lists both interfaces and their destinations.
        await("both interfaces on the dashboard", 30, () -> vm.dashboard().allInterfaces().size() == 2);
        InterfaceRow adt = onFx(() -> vm.dashboard().allInterfaces().stream().filter(r -> r.name().equals("adt-in")).findFirst().orElseThrow());
        assertThat(onFx(() -> adt.destinations().stream().map(DestinationRow::name).toList())).containsExactly("archive", "lab");

        // A message arrives over MLLP; lab rejects it, so it is quarantined: the count moves without a refresh.
        assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG0001", "MRN1001", "DOE", "JANE", "F"))).isEqualTo("AA");
        for (int i = 0; i < 3; i++) {
            assertThat(MllpPeers.send(engine.mllpPort("orders-in"), MllpPeers.adt("ORD000" + i, "MRN20" + i, "ROE", "RICHARD", "M")))
                    .isEqualTo("AA");
        }
        await("adt-in's quarantined count to reach 1 from the events", 60, () -> adt.quarantinedProperty().get() == 1);
        await("the lab's health to say so", 30, () -> "error".equals(adt.destinations().get(1).healthProperty().get()));
        await("orders-in's last receipt", 30, () -> vm.dashboard().allInterfaces().stream()
                .anyMatch(r -> r.name().equals("orders-in") && r.lastReceivedProperty().get() != null));
        shoot(window.stage(), "03-dashboard");

        // The count opens the browser filtered to it.
        robot.clickOn("#count-quarantined-adt-in");
        await("the browser on adt-in's quarantined messages", 30, () -> vm.screenProperty().get() == Screen.MESSAGES
                && vm.messages().messages().size() == 1 && "quarantined".equals(vm.messages().statusProperty().get()));
        MessageSummary quarantined = onFx(() -> vm.messages().messages().getFirst());
        await("the message's deliveries", 30, () -> vm.messages().detail().deliveries().size() == 2);
        shoot(window.stage(), "04-browser-quarantined");

        // Its payload as an HL7 tree, with each position's name and type; reading it is audited.
        assertThat(onFx(() -> robot.lookup("#audit-notice").queryAs(Label.class).getText())).contains("audit log");
        robot.clickOn("#show-payload");
        await("the HL7 tree", 30, () -> robot.lookup("#hl7-tree").queryAs(TreeView.class).getRoot() != null);
        TreeView<?> tree = robot.lookup("#hl7-tree").queryAs(TreeView.class);
        onFx(() -> {
            selectPath(tree, "PID-5");
            return null;
        });
        await("PID-5 described in the side panel", 10, () -> vm.messages().detail().tree().selectedTitleProperty().get()
                .contains("Patient Name (XPN)"));
        assertThat(onFx(() -> vm.messages().detail().tree().details().stream().map(d -> d.path() + " " + d.name()).toList()))
                .contains("PID-5 Patient Name", "PID-5.1 Family Name", "PID-5.2 Given Name");
        shoot(window.stage(), "05-hl7-tree");
        robot.clickOn("#tab-raw");
        shoot(window.stage(), "06-raw-payload");

        // The lab is fixed; resend the message, confirm, and see it sent.
        lab.rejecting().set(false);
        robot.clickOn("#resend");
        await("the resend confirmation", 10, () -> dialogButton(robot, "Resend") != null);
        shoot(dialogWindow(robot), "07-resend-confirmation");
        robot.clickOn(dialogButton(robot, "Resend"));
        await("message " + quarantined.id() + " sent", 60, () -> vm.messages().detail().messageProperty().get() != null
                && "sent".equals(vm.messages().detail().messageProperty().get().status()));
        assertThat(lab.accepted()).isGreaterThanOrEqualTo(1);
        shoot(window.stage(), "08-sent");
        await("adt-in's quarantine emptied on the dashboard", 30, () -> adt.quarantinedProperty().get() == 0);

        // Two messages compared field by field.
        assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG0002", "MRN1001", "DOE", "JANET", "F"))).isEqualTo("AA");
        onFx(() -> {
            vm.messages().filter("adt-in", null);
            return null;
        });
        await("both adt-in messages listed", 30, () -> vm.messages().messages().size() == 2);
        TableView<?> messages = robot.lookup("#messages-table").queryAs(TableView.class);
        onFx(() -> {
            messages.getSelectionModel().selectAll();
            return null;
        });
        robot.clickOn("#messages-compare");
        await("the comparison", 30, () -> !vm.compare().rows().isEmpty());
        assertThat(onFx(() -> vm.compare().rows().stream().map(r -> r.path() + " " + r.change()).toList())).contains("PID-5 CHANGED");
        shoot(window.stage(), "09-compare");

        // The quarantine across interfaces, grouped by reason.
        lab.rejecting().set(true);
        assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG0003", "MRN1003", "POE", "EDGAR", "M"))).isEqualTo("AA");
        await("the new quarantine on the dashboard", 60, () -> adt.quarantinedProperty().get() == 1);
        robot.clickOn("#tab-quarantine");
        onFx(() -> {
            vm.quarantine().load();
            return null;
        });
        await("one group in the quarantine", 30, () -> vm.quarantine().groups().size() == 1);
        assertThat(onFx(() -> vm.quarantine().groups().getFirst().reason())).contains("lab does not know patient class");
        shoot(window.stage(), "10-quarantine");

        // The audit log shows the sign-in, the payload read and the resend.
        robot.clickOn("#tab-audit");
        await("the audit rows", 30, () -> vm.audit().shown().stream().map(e -> e.action()).toList()
                .containsAll(List.of("session.create", "message.payload.read", "message.resend")));
        shoot(window.stage(), "11-audit");

        // Users and tokens, for an admin.
        robot.clickOn("#tab-users");
        await("the users", 30, () -> !vm.users().users().isEmpty());
        type(robot, "#user-name", "ops.nurse");
        type(robot, "#user-password", "a first password for ops");
        robot.clickOn("#user-create");
        await("the new user", 30, () -> vm.users().users().stream().anyMatch(u -> u.username().equals("ops.nurse")));
        shoot(window.stage(), "12-users");
        robot.clickOn("#tab-tokens");
        await("the tokens screen", 30, () -> robot.lookup("#tokens-table").tryQuery().isPresent());
        shoot(window.stage(), "13-tokens");

        // The dark theme.
        robot.clickOn("#tab-dashboard");
        robot.clickOn("#theme");
        shoot(window.stage(), "14-dashboard-dark");
        robot.clickOn("#theme");
    }

    @Test
    @Order(2)
    void the_engine_stops_and_starts_again_under_the_open_studio(FxRobot robot) throws Exception {
        // An operator's token this time (made on the server with ductus token create): no users or tokens screens.
        String token = engine.createToken("night-shift", "operator");
        setText(robot, "#name", "general-hospital (token)");
        setText(robot, "#url", engine.apiUrl());
        robot.clickOn("#withToken");
        type(robot, "#token", token);
        shoot(connectStage, "15-connect-with-token");
        robot.clickOn("#connect");
        await("the server window", 30, () -> !studio.windows().isEmpty());
        ServerWindow window = studio.windows().getFirst();
        ServerWindowViewModel vm = window.viewModel();
        await("the dashboard", 30, () -> vm.dashboard().allInterfaces().size() == 2);
        // Something typed that must survive the outage.
        type(robot, "#dashboard-search", "adt");

        int apiPort = engine.apiPort();
        engine.stop();
        await("one banner saying the connection is lost", 60, () -> vm.session().connection().bannerProperty().get().contains("lost"));
        assertThat(robot.listWindows().stream().filter(w -> w.isShowing()).count()).as("no dialog per failed call").isEqualTo(2);
        shoot(window.stage(), "16-connection-lost");

        engine.start(apiPort);
        await("the banner gone after reconnecting", 90, () -> vm.session().connection().bannerProperty().get().isEmpty());
        assertThat(onFx(() -> robot.lookup("#dashboard-search").queryAs(TextInputControl.class).getText())).isEqualTo("adt");
        InterfaceRow adt = onFx(() -> vm.dashboard().allInterfaces().stream().filter(r -> r.name().equals("adt-in")).findFirst().orElseThrow());
        long before = onFx(() -> adt.quarantinedProperty().get());
        lab.rejecting().set(true);
        assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG0004", "MRN1004", "LOE", "ANN", "F"))).isEqualTo("AA");
        await("the restarted engine's events to reach the studio", 60, () -> adt.quarantinedProperty().get() == before + 1);
        shoot(window.stage(), "17-reconnected");
    }
}
