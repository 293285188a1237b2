package io.ductus.format.csv;

/**
 * The one state machine of CSV (RFC 4180 and its lenient rules), one step per character of a record's
 * text: {@link CsvReader} reads fields with it, the stream splitter finds where rows end with it. A line
 * break ends the record unless the state is {@link #QUOTED}, where it is part of the field. Lenient where
 * nothing is lost (a quote inside an unquoted field is a character), strict where a guess could cut a row
 * wrongly (a quoted field must end where its field ends: {@link #next} refuses anything else).
 */
public enum CsvState {
    /** At the start of a field (the record's first, or just after a comma). */
    FIELD_START,
    /** Inside a field that does not start with a quote. */
    UNQUOTED,
    /** Inside a quoted field. */
    QUOTED,
    /** Just after a quote inside a quoted field: it closed the field, or a second quote follows. */
    QUOTE_IN_QUOTED;

    /**
     * The state after character {@code c}, which is not a line break outside a quoted field; null when
     * {@code c} may not stand here (only after a closing quote: see {@link #afterClosingQuote}).
     */
    public CsvState next(int c) {
        return switch (this) {
            case FIELD_START -> c == '"' ? QUOTED : c == ',' ? FIELD_START : UNQUOTED;
            case UNQUOTED -> c == ',' ? FIELD_START : UNQUOTED;
            case QUOTED -> c == '"' ? QUOTE_IN_QUOTED : QUOTED;
            case QUOTE_IN_QUOTED -> c == '"' ? QUOTED : c == ',' ? FIELD_START : null;
        };
    }

    /** Whether the step from this state by {@code c} to {@code next} puts {@code c} into the field's value. */
    public boolean keeps(int c, CsvState next) {
        return switch (this) {
            case FIELD_START -> next == UNQUOTED;
            case UNQUOTED -> next == UNQUOTED;
            case QUOTED -> next == QUOTED;
            case QUOTE_IN_QUOTED -> next == QUOTED; // "" is one quote
        };
    }

    /** What is wrong with a character that {@link #next} refused. */
    public static String afterClosingQuote(char c) {
        return "'" + c + "' after a closing quote: a quoted field ends with the quote (write a quote inside it as \"\")";
    }

    /** What is wrong when the text ends inside a quoted field. */
    public static final String UNCLOSED = "the quoted field that starts here has no closing quote";
}
