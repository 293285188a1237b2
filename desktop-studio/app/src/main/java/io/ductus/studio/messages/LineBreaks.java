package io.ductus.studio.messages;

/**
 * HL7 segments end with CR, which text controls do not break lines at. For showing and editing, each CR is a
 * line break (and the CR of a CRLF a space: one character for one, so positions in the text hold); an edited
 * text gets the payload's own line breaks back before it is sent.
 */
public final class LineBreaks {

    private LineBreaks() {
    }

    public static String forDisplay(String payload) {
        StringBuilder s = new StringBuilder(payload.length());
        for (int i = 0; i < payload.length(); i++) {
            char c = payload.charAt(i);
            if (c == '\r') s.append(i + 1 < payload.length() && payload.charAt(i + 1) == '\n' ? ' ' : '\n');
            else s.append(c);
        }
        return s.toString();
    }

    /** The edited text with the original's line breaks: CR when it used CR alone, CRLF when CRLF, else as typed. */
    public static String fromDisplay(String shown, String original) {
        boolean cr = original.indexOf('\r') >= 0;
        boolean crlf = original.contains("\r\n");
        if (crlf) return shown.replace(" \n", "\n").replace("\n", "\r\n");
        if (cr) return shown.replace('\n', '\r');
        return shown;
    }
}
