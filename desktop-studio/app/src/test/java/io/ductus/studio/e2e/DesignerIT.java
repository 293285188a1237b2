package io.ductus.studio.e2e;

import static io.ductus.studio.e2e.Screens.await;
import static io.ductus.studio.e2e.Screens.dialogButton;
import static io.ductus.studio.e2e.Screens.onFx;
import static io.ductus.studio.e2e.Screens.setText;
import static io.ductus.studio.e2e.Screens.shoot;
import static io.ductus.studio.e2e.Screens.type;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.Delivery;
import io.ductus.client.model.MessageSummary;
import io.ductus.studio.StudioApp;
import io.ductus.studio.connect.ClientFactory;
import io.ductus.studio.design.DesignerViewModel;
import io.ductus.studio.design.ProjectIndex;
import io.ductus.studio.design.TrialRow;
import io.ductus.studio.main.Screen;
import io.ductus.studio.main.ServerWindow;
import io.ductus.studio.main.ServerWindowViewModel;
import io.ductus.studio.replay.ReplayViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The designer, the replay screen, deploy and rollback against a real engine (the built distribution, SQLite,
 * messages over MLLP), headless: find the transform by searching its code, take a stored message from the
 * browser as the sample, change the code and see the trial's output change against the deployed revision,
 * see a syntax error at its line, replay the stored messages through the draft and find the changed rows and
 * fields, deploy, send a new message and see its new output in the browser, roll back and see the old one
 * again. Each screen is saved as a PNG in docs/studio/.
 */
@ExtendWith(ApplicationExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DesignerIT {

    private static final String TRANSFORM = """
            // adt-in's code: archive and lab get the message as it came, the index a copy addressed to it.
            export function transform(msg) {
              return msg;
            }

            export function toIndex(msg) {
              msg.set('MSH-5', 'INDEX');
              return msg;
            }
            """;
    private static final String UPPER = " msg.set('PID-5.1', msg.get('PID-5.1').toUpperCase());";
    private static final String BROKEN = " const = 1;";

    @TempDir
    static Path tmp;

    private MllpPeers.Lab lab;
    private RealEngine engine;
    private StudioApp studio;
    private Stage connectStage;

    @BeforeAll
    void startEngine() throws Exception {
        lab = new MllpPeers.Lab();
        lab.rejecting().set(false);
        Path out = tmp.resolve("engine/out");
        engine = new RealEngine(tmp.resolve("engine"), lab.port(), Map.of("interfaces/adt-in/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:0 }
                format: hl7
                destinations:
                  archive:
                    type: file
                    path: "%1$s/{id}.hl7"
                  index:
                    type: file
                    path: "%1$s/index-{id}.hl7"
                    transform: toIndex
                    save_output: true
                  lab:
                    type: mllp
                    connect: 127.0.0.1:%2$d
                    ack_timeout: 5s
                """.formatted(out.toString().replace('\\', '/'), lab.port()), "interfaces/adt-in/transform.js", TRANSFORM));
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
        studio.start(stage, Files.createDirectories(tmp.resolve("studio-" + System.nanoTime())), ClientFactory.REAL);
    }

    @Test
    void an_integrator_changes_a_transform_tries_it_replays_last_week_deploys_it_and_rolls_it_back(FxRobot robot) throws Exception {
        // Three patients' messages are stored and delivered before the change.
        for (String family : new String[] {"Doe", "Roe", "Poe"}) {
            assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG-" + family, "MRN-" + family, family, "Ann", "F")))
                    .isEqualTo("AA");
        }
        await("the three index files", 60, () -> count(engine.out(), "index-") == 3);

        String token = engine.createToken("integrator", "admin", "payloads", "audit");
        setText(robot, "#name", "general-hospital");
        setText(robot, "#url", engine.apiUrl());
        robot.clickOn("#withToken");
        type(robot, "#token", token);
        robot.clickOn("#connect");
        await("the server window", 30, () -> !studio.windows().isEmpty());
        ServerWindow window = studio.windows().getFirst();
        ServerWindowViewModel vm = window.viewModel();
        DesignerViewModel designer = vm.designer();

        // One search box over names, settings and code: the transform's function is found in its file.
        robot.clickOn("#tab-designer");
        await("the interfaces and their files in the designer", 30, () -> designer.interfaces().statusProperty().get().equals("2 interfaces"));
        type(robot, "#designer-search", "toIndex");
        await("the hits of the search", 10, () -> designer.interfaces().entries().size() == 1);
        ProjectIndex.Entry adt = onFx(() -> designer.interfaces().entries().stream().filter(e -> e.name().equals("adt-in")).findFirst().orElseThrow());
        assertThat(adt.files()).extracting(ProjectIndex.Hit::label).contains("transform.js:6  export function toIndex(msg) {");
        shoot(window.stage(), "18-designer-search");
        onFx(() -> {
            designer.open(adt.files().stream().filter(h -> h.line() == 6).findFirst().orElseThrow());
            return null;
        });
        await("transform.js in the editor", 30, () -> designer.draft().textProperty().get().equals(TRANSFORM));

        // A stored message from the browser becomes the sample: its HL7 tree shows, and the trial runs on it.
        robot.clickOn("#tab-messages");
        onFx(() -> {
            vm.messages().filter("adt-in", null);
            return null;
        });
        await("the stored messages in the browser", 30, () -> vm.messages().messages().size() == 3);
        MessageSummary doe = onFx(() -> vm.messages().messages().stream().filter(m -> m.id() == vm.messages().messages().stream()
                .mapToLong(MessageSummary::id).min().orElseThrow()).findFirst().orElseThrow());
        onFx(() -> {
            vm.messages().detail().show(doe.id());
            return null;
        });
        // The browser shows its newest message first: the detail must be the one asked for before it is tried.
        await("the message's detail", 30, () -> vm.messages().detail().messageProperty().get() != null
                && vm.messages().detail().messageProperty().get().id() == doe.id());
        robot.clickOn("#try-in-designer");
        await("the designer with the message as its sample", 30, () -> vm.screenProperty().get() == Screen.DESIGNER
                && designer.trial().samples().size() == 1);
        try {
            await("the sample's tree", 10, () -> designer.trial().tree().rootProperty().get() != null
                    && "Doe".equals(designer.trial().tree().rootProperty().get().find("PID-5.1").value()));
        } catch (AssertionError e) {
            // Say what the trial held: a tree that does not show is otherwise a bare timeout.
            throw new AssertionError(e.getMessage() + onFx(() -> " (samples " + designer.trial().samples().stream()
                    .map(x -> x.label() + ": " + x.payload().replace('\r', '|')).toList() + ", problem \""
                    + designer.trial().sampleProblemProperty().get() + "\", root " + designer.trial().tree().rootProperty().get()
                    + ")"), e);
        }
        await("the trial of the deployed code on the sample: three destinations, all as deployed", 60, () -> designer.trial().rows().size() == 3
                && designer.trial().rows().stream().allMatch(r -> r.change().equals("same as deployed")));
        shoot(window.stage(), "19-designer-trial");

        // Typing the change: the trial follows by itself, and the index's output differs in PID-5.1.
        CodeArea area = robot.lookup("#code-editor").queryAs(CodeArea.class);
        int line = 7; // msg.set('MSH-5', 'INDEX');
        caretAtEndOf(robot, area, line);
        robot.write(UPPER);
        await("the trial's index output to differ in PID-5.1", 30, () -> designer.trial().rows().stream()
                .anyMatch(r -> r.destination().equals("index") && r.change().equals("1 field differs from deployed")));
        TrialRow index = onFx(() -> designer.trial().rows().stream().filter(r -> r.destination().equals("index")).findFirst().orElseThrow());
        assertThat(index.result().differences()).extracting(d -> d.path() + " " + d.before() + " → " + d.after()).containsExactly("PID-5.1 Doe → DOE");
        assertThat(index.result().output()).contains("|DOE^Ann^Q|");
        onFx(() -> {
            designer.trial().selectedRowProperty().set(index);
            return null;
        });
        shoot(window.stage(), "20-designer-trial-changed");

        // A syntax error is marked at its line, and goes once mended.
        caretAtEndOf(robot, area, line);
        robot.write(BROKEN);
        await("the syntax error in the gutter", 30, () -> !designer.draft().fileProblems().isEmpty());
        assertThat(onFx(() -> designer.draft().fileProblems().getFirst().line())).isEqualTo(line);
        assertThat(onFx(() -> designer.draft().fileProblems().getFirst().message())).containsIgnoringCase("expected");
        shoot(window.stage(), "21-designer-syntax-error");
        caretAtEndOf(robot, area, line);
        robot.type(KeyCode.BACK_SPACE, BROKEN.length());
        await("the problem gone", 30, () -> designer.draft().fileProblems().isEmpty() && designer.trial().rows().size() == 3);
        await("the draft saved on the server", 30, () -> designer.draft().saved()
                && designer.draft().saveStateProperty().get().startsWith("Draft saved"));
        assertThat(onFx(() -> designer.draft().files().get("interfaces/adt-in/transform.js"))).contains(UPPER.strip()).doesNotContain("const =");

        // Replay the stored messages through the draft: the index's rows changed, in PID-5.1.
        robot.clickOn("#tab-replay");
        ReplayViewModel replay = vm.replay();
        await("the replay screen's interfaces", 30, () -> replay.interfaceNames().size() == 2);
        onFx(() -> {
            replay.chosen().setAll("adt-in");
            replay.periodProperty().set(ReplayViewModel.Period.LAST_DAY);
            replay.candidateProperty().set(ReplayViewModel.Candidate.DRAFT);
            return null;
        });
        robot.clickOn("#replay-start");
        await("the replay done", 60, () -> replay.currentProperty().get() != null && "done".equals(replay.currentProperty().get().status()));
        await("its changed rows", 30, () -> replay.rows().size() == 3);
        assertThat(onFx(() -> replay.kinds().stream().filter(k -> k.kind().equals("changed")).findFirst().orElseThrow().rows())).isEqualTo(3);
        assertThat(onFx(() -> replay.kinds().stream().filter(k -> k.kind().equals("same")).findFirst().orElseThrow().rows())).isEqualTo(6);
        assertThat(onFx(() -> replay.rows().stream().map(r -> r.destination() + " " + r.fields()).distinct().toList()))
                .containsExactly("index [PID-5.1]");
        assertThat(onFx(() -> replay.topFields().getFirst().field())).isEqualTo("PID-5.1");
        await("the first row's diff", 10, () -> !replay.differences().isEmpty());
        assertThat(onFx(() -> replay.differences().getFirst().after())).isEqualTo(onFx(() -> replay.differences().getFirst().before()).toUpperCase());
        assertThat(onFx(() -> robot.lookup("#replay-progress").queryAs(javafx.scene.control.ProgressBar.class).getProgress())).isEqualTo(1.0);
        shoot(window.stage(), "22-replay");

        // Deploy: the review shows the diff and the replay; the engine takes the new revision live.
        robot.clickOn("#tab-designer");
        robot.clickOn("#designer-deploy");
        await("the deploy review's diff", 30, () -> designer.deploy().files().size() == 1);
        assertThat(onFx(() -> designer.deploy().files().getFirst().diff())).contains("+  msg.set('MSH-5', 'INDEX');" + UPPER);
        assertThat(onFx(() -> designer.deploy().replaySummaryProperty().get())).contains("3 changed");
        type(robot, "#deploy-message", "index: family names in capitals");
        shoot(window.stage(), "23-deploy-review");
        robot.clickOn("#deploy-confirm");
        await("the deploy", 60, () -> designer.deploy().statusProperty().get().startsWith("Deployed revision 2"));
        shoot(window.stage(), "24-deployed");

        // A new message over MLLP: the browser shows the index's output with the new behaviour.
        assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG-Loe", "MRN-Loe", "Loe", "Ann", "F"))).isEqualTo("AA");
        assertThat(indexOutput(robot, vm, 4)).contains("|LOE^Ann^Q|");
        shoot(window.stage(), "25-browser-new-behaviour");

        // History: the two revisions with their messages; roll back to the first, and the old behaviour returns.
        robot.clickOn("#tab-designer");
        robot.clickOn("#designer-history");
        await("two revisions in the history", 30, () -> designer.history().revisions().size() == 2);
        assertThat(onFx(() -> designer.history().revisions().getFirst().message())).isEqualTo("index: family names in capitals");
        onFx(() -> {
            designer.history().selectedProperty().set(designer.history().revisions().getLast());
            return null;
        });
        await("the diff of revision 1", 30, () -> designer.history().patchProperty().get().contains("transform.js"));
        robot.clickOn("#history-rollback");
        await("the rollback's question", 10, () -> dialogButton(robot, "OK") != null);
        type(robot, "#dialog-text", "capitals broke the index's matching");
        shoot(Screens.dialogWindow(robot), "26-rollback-question");
        robot.clickOn(dialogButton(robot, "OK"));
        await("three revisions after the rollback (" + onFx(() -> designer.history().statusProperty().get()) + ")", 60,
                () -> designer.history().revisions().size() == 3);
        shoot(window.stage(), "27-history-rollback");
        assertThat(MllpPeers.send(engine.mllpPort("adt-in"), MllpPeers.adt("MSG-Moe", "MRN-Moe", "Moe", "Ann", "F"))).isEqualTo("AA");
        assertThat(indexOutput(robot, vm, 5)).contains("|Moe^Ann^Q|");

        // A new interface from three choices: a valid draft at once (the trial runs it on the sample), deployed as revision 1.
        robot.clickOn("#tab-designer");
        robot.clickOn("#designer-trial");
        robot.clickOn("#new-interface");
        type(robot, "#new-name", "lab-results");
        robot.clickOn("#new-create");
        await("the new interface's draft saved", 30, () -> designer.draft().interfaceName().equals("lab-results") && designer.draft().saved()
                && designer.draft().saveStateProperty().get().startsWith("Draft saved"));
        await("its trial on the sample: sent as it came", 60, () -> designer.trial().rows().size() == 1
                && designer.trial().rows().getFirst().decision().equals("sent") && designer.trial().rows().getFirst().change().equals("same as the input"));
        shoot(window.stage(), "28-new-interface");
        robot.clickOn("#designer-deploy");
        await("the new interface's diff", 30, () -> designer.deploy().files().size() == 2);
        robot.clickOn("#deploy-confirm");
        await("the new interface deployed (" + onFx(() -> designer.deploy().statusProperty().get()) + ")", 60,
                () -> designer.deploy().statusProperty().get().startsWith("Deployed revision 1"));
    }

    /** Puts the editor's caret at the end of a line (from 1) and gives it the focus. */
    private static void caretAtEndOf(FxRobot robot, CodeArea area, int line) {
        robot.clickOn(area);
        onFx(() -> {
            area.moveTo(line - 1, area.getParagraphLength(line - 1));
            area.requestFocus();
            return null;
        });
        await("the editor focused", 10, area::isFocused);
    }

    /** The newest adt-in message's index output, read in the browser once the count of messages is reached. */
    private static String indexOutput(FxRobot robot, ServerWindowViewModel vm, int messages) {
        robot.clickOn("#tab-messages");
        onFx(() -> {
            vm.messages().filter("adt-in", null);
            return null;
        });
        await(messages + " messages in the browser", 30, () -> {
            if (vm.messages().messages().size() < messages) vm.messages().search();
            return vm.messages().messages().size() == messages;
        });
        long newest = onFx(() -> vm.messages().messages().stream().mapToLong(MessageSummary::id).max().orElseThrow());
        onFx(() -> {
            var table = robot.lookup("#messages-table").queryAs(javafx.scene.control.TableView.class);
            table.getSelectionModel().clearAndSelect(0); // newest first
            return null;
        });
        await("its index delivery done", 60, () -> {
            var m = vm.messages().detail().messageProperty().get();
            if (m == null || m.id() != newest || m.deliveries().stream().noneMatch(d -> d.destination().equals("index") && d.outputSize() != null)) {
                vm.messages().detail().show(newest);
                return false;
            }
            return true;
        });
        onFx(() -> {
            Delivery index = vm.messages().detail().deliveries().stream().filter(d -> d.destination().equals("index")).findFirst().orElseThrow();
            vm.messages().detail().selectedDeliveryProperty().set(index);
            vm.messages().detail().showOutput();
            return null;
        });
        await("the saved output", 30, () -> vm.messages().detail().outputTextProperty().get().startsWith("MSH"));
        robot.clickOn("#tab-output");
        return onFx(() -> vm.messages().detail().outputTextProperty().get());
    }

    private static long count(Path folder, String prefix) {
        try (var files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).count();
        } catch (java.io.IOException e) {
            return 0;
        }
    }
}
