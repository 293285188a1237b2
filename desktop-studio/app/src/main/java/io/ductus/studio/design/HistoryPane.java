package io.ductus.studio.design;

import io.ductus.client.model.RevisionSummary;
import io.ductus.studio.ui.Icons;
import io.ductus.studio.ui.Titles;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.kordamp.ikonli.material2.Material2MZ;

/** The history: revisions with who, when, how and why; the diff of the selected one against another; rollback. */
final class HistoryPane {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private final VBox root;

    HistoryPane(HistoryViewModel vm) {
        Label status = new Label();
        status.setId("history-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        TableView<RevisionSummary> revisions = new TableView<>(vm.revisions());
        revisions.setId("history-revisions");
        revisions.getStyleClass().add("dense");
        revisions.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        revisions.getColumns().add(TrialPane.column("Rev", 40, r -> String.valueOf(r.revision())));
        revisions.getColumns().add(TrialPane.column("Status", 70, RevisionSummary::status));
        revisions.getColumns().add(TrialPane.column("How", 60, RevisionSummary::origin));
        revisions.getColumns().add(TrialPane.column("Who", 90, r -> r.author() == null ? "" : r.author()));
        revisions.getColumns().add(TrialPane.column("When", 130, r -> r.createdAt() == null ? "" : WHEN.format(r.createdAt().atZone(ZoneId.systemDefault()))));
        revisions.getColumns().add(TrialPane.column("Message", 160, r -> r.message() == null ? "" : r.message()));
        revisions.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> {
            if (r != null) vm.selectedProperty().set(r);
        });
        vm.selectedProperty().addListener((o, a, r) -> revisions.getSelectionModel().select(r));
        ComboBox<RevisionSummary> against = new ComboBox<>(vm.revisions());
        against.setId("history-against");
        against.setPromptText("the revision before");
        against.setConverter(new StringConverter<>() {
            @Override
            public String toString(RevisionSummary r) {
                return r == null ? "the revision before" : "revision " + r.revision();
            }

            @Override
            public RevisionSummary fromString(String s) {
                return null;
            }
        });
        against.valueProperty().bindBidirectional(vm.comparedWithProperty());
        HBox bar = new HBox(6, new Label("Diff against"), against,
                Icons.button("Roll back to this revision", Material2MZ.RESTORE, "history-rollback", vm::rollback));
        bar.getStyleClass().add("toolbar-row");
        DiffView diff = new DiffView("history-diff");
        vm.patchProperty().addListener((o, a, p) -> diff.show(p));
        SplitPane body = new SplitPane(revisions, diff.root());
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.35);
        root = new VBox(8, Titles.screen("History"), status, bar, body);
        VBox.setVgrow(body, Priority.ALWAYS);
        root.setStyle("-fx-padding: 0.5em;");
    }

    Node root() {
        return root;
    }
}
