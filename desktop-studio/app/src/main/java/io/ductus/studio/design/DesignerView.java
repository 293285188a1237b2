package io.ductus.studio.design;

import io.ductus.studio.hl7.Hl7TreeView;
import io.ductus.studio.ui.Icons;
import io.ductus.studio.ui.SearchField;
import io.ductus.studio.ui.Titles;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The designer: the interfaces' tree with its search on the left, the code editor in the middle, and on the right
 * the live trial (samples, their HL7 tree, results), the deploy review or the history. Binds only.
 */
public final class DesignerView {

    private final DesignerViewModel vm;
    private final BorderPane root = new BorderPane();
    private final TreeView<Object> tree = new TreeView<>();
    private final TextField search;
    private final CodeEditor editor;

    public DesignerView(DesignerViewModel vm) {
        this.vm = vm;
        DraftViewModel draft = vm.draft();
        TrialViewModel trial = vm.trial();

        search = SearchField.create();
        search.setPromptText("Search names, settings and code");
        search.setId("designer-search");
        search.textProperty().bindBidirectional(vm.interfaces().searchProperty());
        tree.setId("designer-tree");
        tree.setShowRoot(false);
        tree.setCellFactory(t -> new TreeCell<>() {
            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item instanceof ProjectIndex.Hit h ? h.label() : item.toString());
            }
        });
        vm.interfaces().entries().addListener((javafx.collections.ListChangeListener<ProjectIndex.Entry>) c -> fillTree());
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item == null) return;
            if (item.getValue() instanceof ProjectIndex.Hit hit) vm.open(hit);
            else if (item.getValue() instanceof String name) vm.open(name);
        });
        Label treeStatus = new Label();
        treeStatus.getStyleClass().add("muted");
        treeStatus.textProperty().bind(vm.interfaces().statusProperty());
        VBox left = new VBox(6, search, tree, treeStatus, newInterfaceForm());
        VBox.setVgrow(tree, Priority.ALWAYS);
        left.setStyle("-fx-padding: 0.5em;");

        editor = new CodeEditor(draft.textProperty(), draft.selectedPathProperty(), draft.fileProblems(), () -> trial.tree().rootProperty().get());
        trial.onInsert(editor::insert);
        draft.onReveal(editor::showLine);
        Label file = new Label();
        file.setId("designer-file");
        file.getStyleClass().add("detail-header");
        file.textProperty().bind(draft.selectedPathProperty().map(p -> p == null ? "Open an interface in the tree" : p));
        Label saved = new Label();
        saved.setId("draft-state");
        saved.getStyleClass().add("muted");
        saved.textProperty().bind(draft.saveStateProperty());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        Button tryNow = Icons.button("Try now", Material2MZ.PLAY_ARROW, "trial-run", trial::run);
        Button deploy = Icons.button("Deploy…", Material2AL.CLOUD_UPLOAD, "designer-deploy", vm::showDeploy);
        Button history = Icons.button("History", Material2AL.HISTORY, "designer-history", vm::showHistory);
        Button trialSide = Icons.button("Trial", Material2MZ.SCIENCE, "designer-trial", vm::showTrial);
        Button testsSide = Icons.button("Tests", Material2AL.FACT_CHECK, "designer-tests", vm::showTests);
        for (Button b : new Button[] {tryNow, deploy, history, trialSide, testsSide}) {
            b.disableProperty().bind(draft.interfaceNameProperty().isEmpty());
            b.setMinWidth(Region.USE_PREF_SIZE); // the save state gives way, the buttons keep their words
        }
        saved.setMinWidth(0);
        HBox buttons = new HBox(8, tryNow, trialSide, testsSide, deploy, history, grow, saved);
        buttons.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox header = new VBox(4, buttons, file);
        header.getStyleClass().add("toolbar-row");
        Label problems = new Label();
        problems.setId("editor-problems");
        problems.getStyleClass().add("problem-text");
        problems.setWrapText(true);
        problems.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> String.join("\n",
                draft.problems().stream().map(p -> p.text()).toList()), draft.problems()));
        problems.visibleProperty().bind(problems.textProperty().isNotEmpty());
        problems.managedProperty().bind(problems.visibleProperty());
        BorderPane center = new BorderPane(editor.root(), header, null, problems, null);
        // interface.yaml: its settings as a form beside the YAML, both editing the one text
        SettingsViewModel settings = vm.settings();
        javafx.scene.control.Tab form = new javafx.scene.control.Tab("Form", new SettingsPane(settings).root());
        form.setId("settings-tab-form");
        javafx.scene.control.Tab yaml = new javafx.scene.control.Tab("YAML");
        yaml.setId("settings-tab-yaml");
        javafx.scene.control.TabPane settingsTabs = new javafx.scene.control.TabPane(form, yaml);
        settingsTabs.setId("settings-tabs");
        settingsTabs.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
        settingsTabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> settings.showingYamlProperty().set(t == yaml));
        settings.showingYamlProperty().addListener((o, a, showing) -> settingsTabs.getSelectionModel().select(showing ? yaml : form));
        settings.activeProperty().addListener((o, a, active) -> {
            if (active) {
                center.setCenter(null);
                yaml.setContent(editor.root());
                center.setCenter(settingsTabs);
            } else {
                yaml.setContent(null);
                center.setCenter(editor.root());
            }
        });

        StackPane side = new StackPane(new TrialPane(trial).root(), new DeployPane(vm.deploy()).root(), new HistoryPane(vm.history()).root(),
                new TestsPane(vm.tests()).root());
        for (int i = 0; i < side.getChildren().size(); i++) {
            Node pane = side.getChildren().get(i);
            DesignerViewModel.Side which = DesignerViewModel.Side.values()[i];
            pane.visibleProperty().bind(vm.sideProperty().isEqualTo(which));
        }

        SplitPane split = new SplitPane(left, center, side);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.2, 0.6);
        SplitPane.setResizableWithParent(left, false);
        HBox title = new HBox(Titles.screen("Designer"));
        title.getStyleClass().add("toolbar-row");
        root.setTop(title);
        root.setCenter(split);
        root.setOnKeyPressed(e -> {
            if (new KeyCodeCombination(KeyCode.F9).match(e)) trial.run();
            if (new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN).match(e)) draft.flush();
        });
    }

    /** The new-interface flow: name, source type, format, first destination; a valid draft is made and opened. */
    private Node newInterfaceForm() {
        TextField name = new TextField();
        name.setId("new-name");
        name.setPromptText("name, such as lab-results");
        name.textProperty().bindBidirectional(vm.newNameProperty());
        javafx.scene.control.ComboBox<String> source = choice("new-source", NewInterface.SOURCES, vm.newSourceProperty());
        javafx.scene.control.ComboBox<String> format = choice("new-format", NewInterface.FORMATS, vm.newFormatProperty());
        javafx.scene.control.ComboBox<String> destination = choice("new-destination", NewInterface.DESTINATIONS, vm.newDestinationProperty());
        Label problem = new Label();
        problem.getStyleClass().add("problem-text");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.newProblemProperty());
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        VBox form = new VBox(4, name, new HBox(4, new Label("source"), source), new HBox(4, new Label("format"), format),
                new HBox(4, new Label("first destination"), destination), problem);
        Button create = Icons.button("Create", Material2AL.ADD, "new-create", () -> {
            if (vm.createNew()) form.setVisible(false);
        });
        form.getChildren().add(create);
        form.setVisible(false);
        form.managedProperty().bind(form.visibleProperty());
        Button toggle = Icons.button("New interface…", Material2AL.ADD_BOX, "new-interface", () -> form.setVisible(!form.isVisible()));
        return new VBox(6, toggle, form);
    }

    private static javafx.scene.control.ComboBox<String> choice(String id, java.util.List<String> values,
                                                                javafx.beans.property.ObjectProperty<String> property) {
        javafx.scene.control.ComboBox<String> box = new javafx.scene.control.ComboBox<>(javafx.collections.FXCollections.observableArrayList(values));
        box.setId(id);
        box.valueProperty().bindBidirectional(property);
        return box;
    }

    /** The sample's tree, whose double click inserts a path at the editor's cursor. */
    static Node sampleTree(TrialViewModel trial) {
        return new Hl7TreeView(trial.tree()).treeId("sample-tree").onActivated(trial::insertPathOf).root();
    }

    private void fillTree() {
        TreeItem<Object> rootItem = new TreeItem<>("interfaces");
        boolean searching = !search.getText().isBlank();
        for (ProjectIndex.Entry e : vm.interfaces().entries()) {
            TreeItem<Object> item = new TreeItem<>(e.name());
            for (ProjectIndex.Hit hit : e.files()) item.getChildren().add(new TreeItem<>(hit));
            item.setExpanded(searching || e.name().equals(vm.draft().interfaceName()));
            rootItem.getChildren().add(item);
        }
        tree.setRoot(rootItem);
    }

    public Node root() {
        return root;
    }

    public TextField searchField() {
        return search;
    }

    public CodeEditor editor() {
        return editor;
    }
}
