package io.ductus.studio.ui;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;

/** How the tables write times and states: today's times as HH:mm:ss, older ones with their date. */
public final class Cells {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private static final String TOOLTIP_KEY = "ductus.tooltip";
    private static final java.util.Map<String, Object> STATE_KEYS = new java.util.concurrent.ConcurrentHashMap<>();

    private Cells() {
    }

    public static String time(Instant at) {
        if (at == null) return "—";
        var local = at.atZone(ZoneId.systemDefault());
        return local.toLocalDate().equals(LocalDate.now()) ? TIME.format(local) : DATE_TIME.format(local);
    }

    /**
     * Puts a node in one state of a family (a pseudo-class such as {@code :health-error}, styled in studio.css),
     * leaving the family's previous one; null leaves none. States, not style classes: a change of a node's style
     * classes (or id) makes JavaFX match the whole stylesheet against it and its children again, while a
     * pseudo-class only moves it between the styles it already matched, and a table's cells change on every
     * event and every scroll.
     */
    public static void state(Node node, String family, String state) {
        Object key = STATE_KEYS.computeIfAbsent(family, f -> "ductus.state." + f);
        PseudoClass now = state == null ? null : PseudoClass.getPseudoClass(family + "-" + state);
        PseudoClass before = (PseudoClass) node.getProperties().get(key);
        if (Objects.equals(before, now)) return;
        if (before != null) node.pseudoClassStateChanged(before, false);
        if (now != null) node.pseudoClassStateChanged(now, true);
        node.getProperties().put(key, now);
    }

    /** Sets a node's id when it differs (an id change restyles the node, as a style class change does). */
    public static void id(Node node, String id) {
        if (!Objects.equals(node.getId(), id)) node.setId(id);
    }

    /**
     * Gives a cell its tooltip text, reusing the one tooltip it ever gets (a tooltip is a popup window with a
     * scene of its own: too much to make each time a reused cell is emptied and filled again); null removes it.
     */
    public static void tooltip(Control cell, String text) {
        if (text == null) {
            if (cell.getTooltip() != null) cell.setTooltip(null);
            return;
        }
        Tooltip tip = (Tooltip) cell.getProperties().computeIfAbsent(TOOLTIP_KEY, k -> new Tooltip());
        if (!text.equals(tip.getText())) tip.setText(text);
        if (cell.getTooltip() != tip) cell.setTooltip(tip);
    }

    /** The state of a health or status word (its first word; unknown when there is none): ok, error, quarantined, … */
    public static String stateOf(String value) {
        if (value == null || value.isBlank()) return "unknown";
        int colon = value.indexOf(':');
        return (colon < 0 ? value : value.substring(0, colon)).strip();
    }
}
