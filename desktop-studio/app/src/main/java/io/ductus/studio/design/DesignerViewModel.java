package io.ductus.studio.design;

import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.hl7.Hl7TreeViewModel;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.Delays;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The interface designer: the tree of interfaces (with search), the open interface's draft in the editor, the
 * live trial on sample messages, the tests panel, and the deploy review and history of the open interface.
 */
public final class DesignerViewModel {

    /** What the right side shows: the trial, the deploy review, the history, or the tests. */
    public enum Side { TRIAL, DEPLOY, HISTORY, TESTS }

    private final InterfacesViewModel interfaces;
    private final DraftViewModel draft;
    private final TrialViewModel trial;
    private final DeployViewModel deploy;
    private final HistoryViewModel history;
    private final TestsViewModel tests;
    private final SettingsViewModel settings;
    private final ObjectProperty<Side> side = new SimpleObjectProperty<>(Side.TRIAL);
    private final javafx.beans.property.StringProperty newName = new javafx.beans.property.SimpleStringProperty("");
    private final ObjectProperty<String> newSource = new SimpleObjectProperty<>("mllp");
    private final ObjectProperty<String> newFormat = new SimpleObjectProperty<>("hl7");
    private final ObjectProperty<String> newDestination = new SimpleObjectProperty<>("file");
    private final javafx.beans.property.ReadOnlyStringWrapper newProblem = new javafx.beans.property.ReadOnlyStringWrapper("");

    public DesignerViewModel(ServerSession session, Delays delays, Hl7TreeReader reader, Hl7Dictionary dictionary) {
        this.interfaces = new InterfacesViewModel(session);
        this.draft = new DraftViewModel(session, delays);
        this.trial = new TrialViewModel(session, draft, delays, reader, new Hl7TreeViewModel(dictionary));
        this.deploy = new DeployViewModel(session, draft);
        this.history = new HistoryViewModel(session);
        this.tests = new TestsViewModel(session, draft, trial);
        this.settings = new SettingsViewModel(session, draft, delays);
        tests.onRecorded(() -> interfaces.updated(draft.interfaceName(), draft.files()));
        deploy.onDeployed(() -> {
            interfaces.updated(draft.interfaceName(), draft.files());
            history.load(draft.interfaceName());
        });
        history.onRolledBack(() -> draft.open(draft.interfaceName()));
    }

    public void load() {
        interfaces.load();
    }

    /** Opens an interface (from the tree, or a message's "try in the designer"). */
    public void open(String name) {
        if (name == null || name.equals(draft.interfaceName())) return;
        draft.open(name);
        history.load(name);
    }

    /** Opens the file of a search hit. */
    public void open(ProjectIndex.Hit hit) {
        if (!hit.interfaceName().equals(draft.interfaceName())) {
            draft.selectWhenOpened(hit.path());
            draft.open(hit.interfaceName());
            history.load(hit.interfaceName());
        } else {
            draft.selectedPathProperty().set(hit.path());
        }
    }

    /**
     * The new-interface flow: a name, the source's type, the format and the first destination's type give a valid
     * draft (interface.yaml and a transform that passes the message on), saved on the server and opened.
     */
    public boolean createNew() {
        String name = newName.get().strip();
        String problem = NewInterface.problemWithName(name, interfaces.names());
        newProblem.set(problem);
        if (!problem.isEmpty()) return false;
        var files = NewInterface.files(name, newSource.get(), newFormat.get(), newDestination.get());
        draft.startNew(name, files);
        interfaces.searchProperty().set(""); // the new one shows in the tree
        interfaces.updated(name, files);
        newName.set("");
        side.set(Side.TRIAL);
        return true;
    }

    public javafx.beans.property.StringProperty newNameProperty() {
        return newName;
    }

    public ObjectProperty<String> newSourceProperty() {
        return newSource;
    }

    public ObjectProperty<String> newFormatProperty() {
        return newFormat;
    }

    public ObjectProperty<String> newDestinationProperty() {
        return newDestination;
    }

    public javafx.beans.property.ReadOnlyStringProperty newProblemProperty() {
        return newProblem.getReadOnlyProperty();
    }

    public void showDeploy() {
        side.set(Side.DEPLOY);
        deploy.review();
    }

    public void showHistory() {
        side.set(Side.HISTORY);
        history.load(draft.interfaceName());
    }

    /** The tests panel, its tests run at once on the code in the editor. */
    public void showTests() {
        side.set(Side.TESTS);
        tests.run();
    }

    public void showTrial() {
        side.set(Side.TRIAL);
    }

    public InterfacesViewModel interfaces() {
        return interfaces;
    }

    public DraftViewModel draft() {
        return draft;
    }

    public TrialViewModel trial() {
        return trial;
    }

    public DeployViewModel deploy() {
        return deploy;
    }

    public SettingsViewModel settings() {
        return settings;
    }

    public TestsViewModel tests() {
        return tests;
    }

    public HistoryViewModel history() {
        return history;
    }

    public ObjectProperty<Side> sideProperty() {
        return side;
    }
}
