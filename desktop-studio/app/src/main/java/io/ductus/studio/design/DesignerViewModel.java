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
 * live trial on sample messages, and the deploy review and history of the open interface.
 */
public final class DesignerViewModel {

    /** What the right side shows: the trial, the deploy review, or the history. */
    public enum Side { TRIAL, DEPLOY, HISTORY }

    private final InterfacesViewModel interfaces;
    private final DraftViewModel draft;
    private final TrialViewModel trial;
    private final DeployViewModel deploy;
    private final HistoryViewModel history;
    private final ObjectProperty<Side> side = new SimpleObjectProperty<>(Side.TRIAL);

    public DesignerViewModel(ServerSession session, Delays delays, Hl7TreeReader reader, Hl7Dictionary dictionary) {
        this.interfaces = new InterfacesViewModel(session);
        this.draft = new DraftViewModel(session, delays);
        this.trial = new TrialViewModel(session, draft, delays, reader, new Hl7TreeViewModel(dictionary));
        this.deploy = new DeployViewModel(session, draft);
        this.history = new HistoryViewModel(session);
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

    public void showDeploy() {
        side.set(Side.DEPLOY);
        deploy.review();
    }

    public void showHistory() {
        side.set(Side.HISTORY);
        history.load(draft.interfaceName());
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

    public HistoryViewModel history() {
        return history;
    }

    public ObjectProperty<Side> sideProperty() {
        return side;
    }
}
