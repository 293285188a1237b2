package io.ductus.studio.design;

import io.ductus.client.model.Diff;
import io.ductus.studio.ui.Icons;
import io.ductus.studio.ui.Titles;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** The deploy review: files changed and each one's diff, the last replay, a message, deploy; their change on a 409, rebase. */
final class DeployPane {

    private final VBox root;

    DeployPane(DeployViewModel vm) {
        Label status = new Label();
        status.setId("deploy-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        TableView<Diff.FileDiff> files = new TableView<>(vm.files());
        files.setId("deploy-files");
        files.getStyleClass().add("dense");
        files.setPrefHeight(110);
        files.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        files.getColumns().add(TrialPane.column("File", 220, Diff.FileDiff::path));
        files.getColumns().add(TrialPane.column("Change", 70, Diff.FileDiff::change));
        files.getColumns().add(TrialPane.column("Lines", 70, f -> "+" + f.added() + " −" + f.removed()));
        files.getSelectionModel().selectedItemProperty().addListener((o, a, f) -> {
            if (f != null) vm.selectedFileProperty().set(f);
        });
        DiffView diff = new DiffView("deploy-diff");
        vm.selectedFileProperty().addListener((o, a, f) -> {
            diff.show(f == null ? "" : f.diff());
            files.getSelectionModel().select(f);
        });
        Label replay = new Label();
        replay.setId("deploy-replay");
        replay.setWrapText(true);
        replay.getStyleClass().add("muted");
        replay.textProperty().bind(vm.replaySummaryProperty());
        Label tests = new Label();
        tests.setId("deploy-tests");
        tests.setWrapText(true);
        tests.getStyleClass().add("muted");
        tests.textProperty().bind(vm.testsSummaryProperty());
        TextField message = new TextField();
        message.setId("deploy-message");
        message.setPromptText("what changed and why (kept in the history)");
        message.textProperty().bindBidirectional(vm.messageProperty());
        HBox.setHgrow(message, Priority.ALWAYS);
        Button deploy = Icons.button("Deploy", Material2AL.CLOUD_UPLOAD, "deploy-confirm", vm::deploy);
        deploy.getStyleClass().add("accent");
        deploy.disableProperty().bind(vm.busyProperty().or(javafx.beans.binding.Bindings.isEmpty(vm.files())));
        Button again = Icons.iconButton(Material2MZ.REFRESH, "Read the diff again", "deploy-refresh", vm::review);
        HBox actions = new HBox(6, message, deploy, again);

        TextArea theirs = new TextArea();
        theirs.setId("deploy-their-change");
        theirs.setEditable(false);
        theirs.getStyleClass().add("mono");
        theirs.textProperty().bind(vm.theirChangeProperty());
        Button rebase = Icons.button("Rebase my draft onto theirs", Material2AL.CALL_MERGE, "deploy-rebase", vm::rebase);
        VBox conflict = new VBox(6, new Label("Someone deployed in between. Their change:"), theirs, rebase);
        conflict.visibleProperty().bind(vm.conflictProperty());
        conflict.managedProperty().bind(conflict.visibleProperty());

        SplitPane body = new SplitPane(files, diff.root());
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.25);
        root = new VBox(8, Titles.screen("Deploy"), status, body, replay, tests, actions, conflict);
        VBox.setVgrow(body, Priority.ALWAYS);
        root.setStyle("-fx-padding: 0.5em;");
    }

    Node root() {
        return root;
    }
}
