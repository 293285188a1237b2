package io.ductus.studio.ui;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.TableColumn;

/** Table columns of text read from a row, the way every screen makes them. */
public final class Columns {

    private Columns() {
    }

    public static <T> TableColumn<T, String> text(String title, double width, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(p -> new ReadOnlyStringWrapper(p.getValue() == null ? "" : value.apply(p.getValue())));
        return c;
    }
}
