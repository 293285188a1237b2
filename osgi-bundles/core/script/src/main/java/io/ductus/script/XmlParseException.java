package io.ductus.script;

/** The payload is not XML that may be read: the message names the line and column, counting from 1. */
public final class XmlParseException extends Exception {

    private static final long serialVersionUID = 1L;

    XmlParseException(int line, int column, String problem) {
        super("line " + line + ", column " + column + ": " + problem);
    }
}
