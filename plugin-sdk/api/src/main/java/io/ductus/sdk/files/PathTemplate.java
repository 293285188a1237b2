package io.ductus.sdk.files;

import io.ductus.sdk.OutboundMessage;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A file path with placeholders: {@code {id}}, {@code {interface}}, {@code {destination}},
 * {@code {received:yyyyMMdd}} (UTC) and message fields such as {@code {MSH-10}}. Values are made safe
 * for a file name (anything but letters, digits, dot, dash and underscore becomes {@code _}), so a
 * field can never add folders or climb out of the folder the template names. Other texts with the same
 * placeholders (a URL) resolve through {@link #resolve(OutboundMessage, UnaryOperator, UnaryOperator)}
 * with escaping of their own.
 */
public final class PathTemplate {

    private sealed interface Part permits Text, Field, Received {
    }

    private record Text(String text) implements Part {
    }

    private record Field(String path) implements Part {
    }

    private record Received(DateTimeFormatter format) implements Part {
    }

    private final String template;
    private final List<Part> parts;

    private PathTemplate(String template, List<Part> parts) {
        this.template = template;
        this.parts = parts;
    }

    /** Parses the template; the exception's message says what is wrong and where. */
    public static PathTemplate parse(String template) {
        List<Part> parts = new ArrayList<>();
        int i = 0;
        while (i < template.length()) {
            int open = template.indexOf('{', i);
            int close = template.indexOf('}', i);
            if (close >= 0 && (open < 0 || close < open)) {
                throw new IllegalArgumentException("'}' at position " + (close + 1) + " has no matching '{'");
            }
            if (open < 0) {
                parts.add(new Text(template.substring(i)));
                break;
            }
            if (open > i) parts.add(new Text(template.substring(i, open)));
            close = template.indexOf('}', open);
            if (close < 0) throw new IllegalArgumentException("'{' at position " + (open + 1) + " is not closed");
            parts.add(placeholder(template.substring(open + 1, close).strip(), open));
            i = close + 1;
        }
        if (parts.isEmpty()) throw new IllegalArgumentException("the path is empty");
        return new PathTemplate(template, List.copyOf(parts));
    }

    private static Part placeholder(String name, int at) {
        if (name.isEmpty()) throw new IllegalArgumentException("empty placeholder {} at position " + (at + 1));
        if (name.equals("received")) return new Received(DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS"));
        if (name.startsWith("received:")) {
            try {
                return new Received(DateTimeFormatter.ofPattern(name.substring("received:".length())));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("{" + name + "}: not a date pattern (" + e.getMessage() + ")");
            }
        }
        return new Field(name);
    }

    /** The path for a message, or empty naming the field the message lacks. */
    public Resolved resolve(OutboundMessage message) {
        return resolve(message, PathTemplate::safe, UnaryOperator.identity());
    }

    /**
     * The text for a message with each field's value passed through {@code escapeField} and each received
     * time through {@code escapeReceived}; the template's own text as written.
     */
    public Resolved resolve(OutboundMessage message, UnaryOperator<String> escapeField, UnaryOperator<String> escapeReceived) {
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            switch (part) {
                case Text t -> text.append(t.text());
                case Received r -> text.append(escapeReceived.apply(r.format().format(message.receivedAt().atZone(ZoneOffset.UTC))));
                case Field f -> {
                    Optional<String> value = value(f.path(), message);
                    if (value.isEmpty() || value.get().isBlank()) return new Resolved(null, f.path());
                    text.append(escapeField.apply(value.get()));
                }
            }
        }
        return new Resolved(text.toString(), null);
    }

    private static Optional<String> value(String name, OutboundMessage message) {
        return switch (name) {
            case "id" -> Optional.of(Long.toString(message.messageId()));
            case "interface" -> Optional.of(message.interfaceName());
            case "destination" -> Optional.of(message.destinationName());
            default -> message.field(name);
        };
    }

    /** The value as a safe file name part: anything but letters, digits, dot, dash and underscore becomes {@code _}. */
    public static String safe(String value) {
        StringBuilder b = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            b.append(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '-' || c == '_' ? c : '_');
        }
        String s = b.toString();
        return s.equals(".") || s.equals("..") ? s.replace('.', '_') : s;
    }

    /** A resolved path, or the placeholder that had no value. */
    public record Resolved(String path, String missing) {
    }

    @Override
    public String toString() {
        return template;
    }
}
