package io.ductus.client.events;

/**
 * Reads the server-sent events format line by line (the WHATWG rules the engine writes to): {@code id:},
 * {@code event:}, {@code data:} (several are joined with line breaks), {@code retry:}, comments starting
 * with a colon, and a blank line that dispatches the event. No IO: lines in, events out.
 */
final class SseParser {

    /** Receives what the lines say. */
    interface Sink {
        void event(String id, String type, String data);

        void retry(long millis);

        void comment(String text);
    }

    private final Sink sink;
    private String lastId;
    private String type;
    private StringBuilder data;

    SseParser(Sink sink) {
        this.sink = sink;
    }

    /** The id of the last event dispatched with one (sent back as Last-Event-ID). */
    String lastId() {
        return lastId;
    }

    void line(String line) {
        if (line.isEmpty()) {
            dispatch();
            return;
        }
        if (line.charAt(0) == ':') {
            sink.comment(line.substring(1).strip());
            return;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) value = value.substring(1);
        switch (field) {
            case "id" -> {
                if (value.indexOf('\0') < 0) lastId = value;
            }
            case "event" -> type = value;
            case "data" -> {
                if (data == null) data = new StringBuilder(value);
                else data.append('\n').append(value);
            }
            case "retry" -> {
                if (!value.isEmpty() && value.chars().allMatch(Character::isDigit)) sink.retry(Long.parseLong(value));
            }
            default -> {
                // unknown fields are ignored, as the format says
            }
        }
    }

    private void dispatch() {
        if (data != null) sink.event(lastId, type == null || type.isEmpty() ? "message" : type, data.toString());
        data = null;
        type = null;
    }
}
