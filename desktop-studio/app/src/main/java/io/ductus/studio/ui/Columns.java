package io.ductus.studio.ui;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;

/** Table columns of text read from a row, the way every screen makes them. */
public final class Columns {

    private Columns() {
    }

    /** A status word (sent, quarantined, …) coloured by its state (:status-sent, :status-quarantined, …). */
    public static <T> TableColumn<T, String> status(String title, double width, Function<T, String> value) {
        TableColumn<T, String> c = text(title, width, value);
        c.setCellFactory(column -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                Cells.state(this, "status", empty || s == null ? null : Cells.stateOf(s));
            }
        });
        return c;
    }

    public static <T> TableColumn<T, String> text(String title, double width, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(p -> new ReadOnlyStringWrapper(p.getValue() == null ? "" : value.apply(p.getValue())));
        return c;
    }
}
