package io.ductus.studio.e2e;

import static io.ductus.studio.e2e.Screens.await;
import static io.ductus.studio.e2e.Screens.onFx;
import static io.ductus.studio.e2e.Screens.setText;
import static io.ductus.studio.e2e.Screens.shoot;
import static io.ductus.studio.e2e.Screens.type;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.FileProblem;
import io.ductus.studio.StudioApp;
import io.ductus.studio.connect.ClientFactory;
import io.ductus.studio.design.DesignerViewModel;
import io.ductus.studio.design.SettingsViewModel;
import io.ductus.studio.design.TestRow;
import io.ductus.studio.design.TestsViewModel;
import io.ductus.studio.main.ServerWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javafx.scene.Node;
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
 * The designer's tests panel against a real engine (the built distribution, SQLite), headless: the interface's
 * tests run on the edited, undeployed code; a test the change breaks shows failed with its expected → actual
 * difference, and a double click opens the test file at its line, marked in the gutter; the trial's sample
 * recorded as a test joins the draft and passes. Each screen is saved as a PNG in docs/studio/.
 */
@ExtendWith(ApplicationExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DesignerPanelsIT {

    private static final String TRANSFORM = """
            // adt-in's code: the lab is named as the receiving application.
            export function transform(msg) {
              msg.set('MSH-5', 'LAB');
              return msg;
            }
            """;
    private static final String TESTS = """
            import { transform } from '../transform.js';

            const adt = () => hl7`
              MSH|^~\\&|HIS|GEN|LAB|GEN|20260101120000||ADT^A01|MSG1|P|2.5
              PID|1||MRN1||Doe^Ann
            `;

            test('the lab is named as the receiver', () => {
              expect(transform(adt()).get('MSH-5')).toBe('LAB');
            });

            test('the patient is kept', () => {
              expect(transform(adt()).get('PID-5.1')).toBe('Doe');
            });
            """;
    private static final String TEST_FILE = "interfaces/adt-in/tests/lab.test.js";
    private static final String ADT = "MSH|^~\\&|HIS|GEN|LAB|GEN|20260101120000||ADT^A01|MSG7|P|2.5\rPID|1||MRN7||Roe^Bea||19700101|F\r";

    private static final String ORDERS_YAML = "interfaces/orders-in/interface.yaml";
    private static final String ORDERS = """
            # orders-in: the order entry system's orders
            source: { type: mllp, listen: 127.0.0.1:0 }
            format: hl7
            destinations:
              archive:
                type: file
                path: "%s/orders-{id}.hl7"   # kept a week by the backup
            """;

    @TempDir
    static Path tmp;

    private MllpPeers.Lab lab;
    private RealEngine engine;
    private StudioApp studio;

    @BeforeAll
    void startEngine() throws Exception {
        lab = new MllpPeers.Lab();
        lab.rejecting().set(false);
        engine = new RealEngine(tmp.resolve("engine"), lab.port(), Map.of("interfaces/adt-in/transform.js", TRANSFORM, TEST_FILE, TESTS,
                "interfaces/orders-in/interface.yaml", ORDERS.formatted(tmp.resolve("engine/out").toString().replace('\\', '/'))));
        engine.start(0);
    }

    @AfterAll
    void stopEngine() throws Exception {
        if (engine != null) engine.close();
        if (lab != null) lab.close();
    }

    @Start
    void start(Stage stage) throws Exception {
        studio = new StudioApp();
        studio.start(stage, Files.createDirectories(tmp.resolve("studio-" + System.nanoTime())), ClientFactory.REAL);
    }

    private ServerWindow signIn(FxRobot robot) throws Exception {
        String token = engine.createToken("integrator-" + System.nanoTime(), "admin", "payloads");
        setText(robot, "#name", "general-hospital");
        setText(robot, "#url", engine.apiUrl());
        robot.clickOn("#withToken");
        type(robot, "#token", token);
        robot.clickOn("#connect");
        await("the server window", 30, () -> !studio.windows().isEmpty());
        return studio.windows().getFirst();
    }

    @Test
    void the_tests_run_on_the_edited_code_a_failure_is_shown_at_its_line_and_a_sample_is_recorded_as_a_test(FxRobot robot) throws Exception {
        ServerWindow window = signIn(robot);
        DesignerViewModel designer = window.viewModel().designer();
        TestsViewModel tests = designer.tests();
        robot.clickOn("#tab-designer");
        await("the interfaces in the designer", 30, () -> designer.interfaces().statusProperty().get().equals("2 interfaces"));
        onFx(() -> {
            designer.open("adt-in");
            return null;
        });
        await("transform.js in the editor", 30, () -> designer.draft().textProperty().get().equals(TRANSFORM));

        // The deployed code passes its tests.
        robot.clickOn("#designer-tests");
        await("the tests' results", 60, () -> tests.rows().size() == 2 && !tests.runningProperty().get());
        assertThat(onFx(() -> tests.rows().stream().map(TestRow::outcome).toList())).containsExactly("passed", "passed");
        assertThat(onFx(() -> tests.statusProperty().get())).startsWith("2 passed, 0 failed in 1 file(s)");

        // A change in the editor, not deployed: run again and the test it breaks fails, at its line, with the difference.
        onFx(() -> {
            designer.draft().textProperty().set(TRANSFORM.replace("'LAB'", "'LAB-2'"));
            return null;
        });
        robot.clickOn("#tests-run");
        await("the broken test", 60, () -> !tests.runningProperty().get() && tests.rows().stream().anyMatch(t -> !t.passed()));
        TestRow failed = onFx(() -> tests.rows().stream().filter(t -> !t.passed()).findFirst().orElseThrow());
        assertThat(failed.name()).isEqualTo("the lab is named as the receiver");
        assertThat(failed.outcome()).isEqualTo("failed at line 9");
        assertThat(onFx(() -> tests.differenceProperty().get())).contains("-\"LAB\"").contains("+\"LAB-2\"");
        assertThat(onFx(() -> tests.statusProperty().get())).startsWith("1 passed, 1 failed");
        assertThat(window.viewModel().session().api().design().revisions("adt-in", null, 10).revisions()).hasSize(1); // nothing deployed

        // A double click on it opens the test file at that line, marked in the gutter.
        Node cell = robot.lookup("#tests-results .table-row-cell").match(n -> ((javafx.scene.control.TableRow<?>) n).getItem() == failed).query();
        robot.doubleClickOn(cell);
        await("the test file at the failure's line", 30, () -> TEST_FILE.equals(designer.draft().selectedPathProperty().get())
                && designer.draft().fileProblems().stream().anyMatch(p -> p.line() == 9));
        CodeArea area = robot.lookup("#code-editor").queryAs(CodeArea.class);
        assertThat(onFx(() -> area.getCurrentParagraph())).isEqualTo(8);
        assertThat(onFx(() -> designer.draft().fileProblems().stream().map(FileProblem::message).toList()))
                .anySatisfy(m -> assertThat(m).contains("test 'the lab is named as the receiver' failed"));
        shoot(window.stage(), "29-designer-tests");

        // Record the trial's sample as a test of lab: it pins what the edited code does now, joins the draft and passes.
        onFx(() -> {
            designer.trial().addPasted(ADT);
            return null;
        });
        await("the trial's results", 60, () -> designer.trial().rows().size() == 2);
        onFx(() -> {
            designer.trial().selectedRowProperty().set(designer.trial().rows().stream().filter(r -> r.destination().equals("lab")).findFirst().orElseThrow());
            return null;
        });
        robot.clickOn("#tests-record");
        String recorded = "interfaces/adt-in/tests/pasted-1-to-lab.test.js";
        await("the recorded test run with the others", 60, () -> !tests.runningProperty().get() && tests.rows().size() == 3);
        TestRow made = onFx(() -> tests.rows().stream().filter(t -> t.path().equals(recorded)).findFirst().orElseThrow());
        assertThat(made.passed()).as(made.message()).isTrue();
        assertThat(onFx(() -> designer.draft().files().get(recorded))).contains("import { transform } from '../transform.js';")
                .contains("MSH|^~\\\\&|HIS|GEN|LAB-2|GEN");
        assertThat(onFx(() -> designer.draft().selectedPathProperty().get())).isEqualTo(recorded);
        onFx(() -> {
            tests.selectedProperty().set(made);
            return null;
        });
        await("the draft with the recorded test saved on the server", 30, () -> designer.draft().saved()
                && designer.draft().saveStateProperty().get().startsWith("Draft saved"));
        assertThat(window.viewModel().session().api().design().draft("adt-in").files()).containsKey(recorded);
        shoot(window.stage(), "30-designer-test-recorded");
    }

    @Test
    void the_settings_form_and_the_yaml_edit_one_text_and_the_engines_problem_shows_on_its_field(FxRobot robot) throws Exception {
        ServerWindow window = signIn(robot);
        DesignerViewModel designer = window.viewModel().designer();
        SettingsViewModel settings = designer.settings();
        robot.clickOn("#tab-designer");
        await("the interfaces in the designer", 30, () -> designer.interfaces().statusProperty().get().equals("2 interfaces"));
        onFx(() -> {
            designer.open("orders-in");
            return null;
        });
        await("orders-in open", 30, () -> designer.draft().interfaceName().equals("orders-in") && designer.draft().files().containsKey(ORDERS_YAML));
        onFx(() -> {
            designer.draft().selectedPathProperty().set(ORDERS_YAML);
            return null;
        });
        // The form is generated from the engine's schema: the installed connectors' own settings (file's fsync, mllp's listen).
        await("the form of interface.yaml", 30, () -> settings.fields().stream().anyMatch(f -> f.field().path().equals("destinations.archive.fsync")));
        assertThat(onFx(() -> value(settings, "source.type"))).isEqualTo("mllp");
        assertThat(onFx(() -> settings.fields().stream().map(f -> f.field().path()).toList()))
                .contains("source.listen", "format", "ordering.key", "destinations.archive.path", "destinations.archive.save_output");

        // A field typed in the form: the YAML changes in that place only, its comments kept.
        javafx.scene.control.TextField path = robot.lookup((Node n) -> "field-destinations.archive.path".equals(n.getId())).queryAs(javafx.scene.control.TextField.class);
        String before = onFx(() -> designer.draft().textProperty().get());
        scrollTo(path);
        robot.clickOn(path);
        onFx(() -> {
            path.selectAll();
            return null;
        });
        robot.write("/data/orders/{id}.hl7");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        await("the path in the YAML", 10, () -> designer.draft().textProperty().get().contains("path: \"/data/orders/{id}.hl7\"   # kept a week by the backup"));
        String after = onFx(() -> designer.draft().textProperty().get());
        assertThat(after.lines().filter(l -> !l.contains("path:")).toList()).isEqualTo(before.lines().filter(l -> !l.contains("path:")).toList());

        // The engine's check names a problem: on the field it concerns, and at its line in the YAML.
        javafx.scene.control.TextField timeout = robot.lookup((Node n) -> "field-timeout".equals(n.getId())).queryAs(javafx.scene.control.TextField.class);
        scrollTo(timeout);
        robot.clickOn(timeout);
        robot.write("soon");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        await("the problem on the timeout field", 30, () -> settings.fields().stream().anyMatch(f -> f.field().path().equals("timeout")
                && !f.problemProperty().get().isEmpty()));
        String problem = onFx(() -> settings.fields().stream().filter(f -> f.field().path().equals("timeout")).findFirst().orElseThrow()
                .problemProperty().get());
        FileProblem same = onFx(() -> designer.draft().fileProblems().stream().filter(p -> p.field().equals("timeout")).findFirst().orElseThrow());
        assertThat(same.message()).isEqualTo(problem);
        assertThat(same.text()).startsWith(ORDERS_YAML + ":" + same.line() + ":").contains(": timeout: ");
        assertThat(onFx(() -> designer.draft().textProperty().get().lines().toList().get(same.line() - 1))).isEqualTo("timeout: soon");
        shoot(window.stage(), "31-designer-settings-form");

        // Show in the YAML: the tab at that line, the problem in its gutter; an edit there shows in the form.
        Node toYaml = robot.lookup((Node n) -> "yaml-timeout".equals(n.getId())).query();
        scrollTo(toYaml);
        robot.clickOn(toYaml);
        await("the YAML tab at the timeout's line", 10, () -> settings.showingYamlProperty().get());
        CodeArea area = robot.lookup("#code-editor").queryAs(CodeArea.class);
        assertThat(onFx(() -> area.getCurrentParagraph() + 1)).isEqualTo(same.line());
        shoot(window.stage(), "32-designer-settings-yaml");
        onFx(() -> {
            area.replaceText(area.getText().replace("timeout: soon", "timeout: 2s"));
            return null;
        });
        await("the form following the YAML, the problem gone", 30, () -> "2s".equals(value(settings, "timeout"))
                && settings.fields().stream().allMatch(f -> f.problemProperty().get().isEmpty()));
        assertThat(onFx(() -> designer.draft().textProperty().get())).contains("# orders-in: the order entry system's orders");
    }

    /** Scrolls the form so that the node is in view, as someone would before clicking it. */
    private static void scrollTo(Node node) {
        onFx(() -> {
            Node p = node.getParent();
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane)) p = p.getParent();
            javafx.scene.control.ScrollPane pane = (javafx.scene.control.ScrollPane) p;
            javafx.geometry.Bounds at = pane.getContent().sceneToLocal(node.localToScene(node.getBoundsInLocal()));
            double room = pane.getContent().getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
            pane.setVvalue(room <= 0 ? 0 : Math.min(1, Math.max(0, (at.getMinY() - 60) / room)));
            pane.layout();
            return null;
        });
    }

    private static String value(SettingsViewModel settings, String path) {
        return settings.fields().stream().filter(f -> f.field().path().equals(path)).findFirst().map(f -> f.valueProperty().get()).orElse(null);
    }
}
