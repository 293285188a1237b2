package io.ductus.format.hl7;

import io.ductus.format.hl7.Hl7Splitter.Kind;
import io.ductus.format.hl7.Hl7Splitter.Part;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A file or batch of HL7 v2 messages: optional FHS/BHS … BTS/FTS envelope segments around any number of
 * messages, or messages one after another without an envelope. {@link Hl7Splitter} finds the messages;
 * each is read with its own charset ({@link Hl7Charsets}: the source's setting, else its own MSH-18).
 * {@link #encode()} gives back every byte not changed, blank lines and envelope included.
 */
public final class Hl7Batch {

    private static final Delimiters STANDARD = Delimiters.of('|', "^~\\&");

    private final byte[] original;
    private final List<Part> parts;
    private final List<Object> contents; // per part: Hl7Message, Hl7Segment (envelope) or null (other)
    private final List<Hl7Message> messages;
    private final List<Charset> charsets;
    private final List<Hl7Segment> envelope;
    private final Charset envelopeCharset;

    private Hl7Batch(byte[] original, List<Part> parts, List<Object> contents, List<Hl7Message> messages, List<Charset> charsets,
                     List<Hl7Segment> envelope, Charset envelopeCharset) {
        this.original = original;
        this.parts = parts;
        this.contents = contents;
        this.messages = messages;
        this.charsets = charsets;
        this.envelope = envelope;
        this.envelopeCharset = envelopeCharset;
    }

    /**
     * Reads a file or batch. Refused with the segment (counting the lines of the whole input from 1) and
     * the reason: input without a message or envelope, a line outside any message that is not an
     * envelope segment (such as segments between BHS and BTS without an MSH), a malformed message.
     *
     * @param sourceCharset the source's {@code charset:} setting, or null to read each message's MSH-18
     */
    public static Hl7Batch parse(byte[] data, Charset sourceCharset) throws Hl7ParseException {
        Objects.requireNonNull(data, "data");
        List<Part> parts = Hl7Splitter.parts(data);
        List<Object> contents = new ArrayList<>();
        List<Hl7Message> messages = new ArrayList<>();
        List<Charset> charsets = new ArrayList<>();
        List<Hl7Segment> envelope = new ArrayList<>();
        Charset envelopeCharset = sourceCharset;
        for (Part part : parts) {
            if (part.kind() == Kind.MESSAGE) {
                Hl7Charsets.Decoded decoded = Hl7Charsets.decode(part.bytes(), sourceCharset);
                if (envelopeCharset == null) envelopeCharset = decoded.charset();
                try {
                    messages.add(Hl7Message.parse(decoded.text()));
                } catch (Hl7ParseException e) {
                    throw new Hl7ParseException((int) part.line() + e.segment() - 1,
                            "message " + (messages.size() + 1) + " of the batch: " + e.problem());
                }
                charsets.add(decoded.charset());
                contents.add(messages.get(messages.size() - 1));
            } else {
                contents.add(null);
            }
        }
        Delimiters current = messages.isEmpty() ? STANDARD : messages.get(0).delimiters();
        Charset charset = envelopeCharset == null ? StandardCharsets.UTF_8 : envelopeCharset;
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            if (part.kind() == Kind.ENVELOPE) {
                String text = new String(data, (int) part.start(), (int) (part.end() - part.start()), charset);
                int lineEnd = 0;
                while (lineEnd < text.length() && !Hl7Message.isLineBreak(text.charAt(lineEnd))) lineEnd++;
                int number = (int) part.line();
                if (Hl7Segment.isHeader(text)) current = Hl7Header.readDelimiters(text, 0, number);
                Hl7Message.checkSegmentName(text, 0, lineEnd, current.field(), number);
                Hl7Segment segment = new Hl7Segment(text.substring(0, lineEnd), text.substring(lineEnd), current);
                envelope.add(segment);
                contents.set(i, segment);
            } else if (part.kind() == Kind.OTHER && part.strayLine() > 0) {
                throw new Hl7ParseException((int) part.strayLine(), part.strayProblem());
            }
        }
        if (messages.isEmpty() && envelope.isEmpty()) {
            throw new Hl7ParseException(1, "the batch is empty; it holds no MSH, FHS or BHS segment");
        }
        return new Hl7Batch(data, parts, contents, messages, charsets, envelope, charset);
    }

    /** The messages in order; changes made to them are written by {@link #encode()}. */
    public List<Hl7Message> messages() {
        return Collections.unmodifiableList(messages);
    }

    /** The charset message {@code index} (from 0) was read with, and is written back in. */
    public Charset charset(int index) {
        return charsets.get(index);
    }

    /** The envelope segments (FHS, BHS, BTS, FTS) in order; empty for messages without an envelope. */
    public List<Hl7Segment> envelope() {
        return Collections.unmodifiableList(envelope);
    }

    /** A value of an envelope segment, such as {@code BHS-11} or {@code BTS-1}; empty when absent. */
    public String get(String path) {
        Hl7Path p = Hl7Path.parse(path);
        int seen = 0;
        for (Hl7Segment segment : envelope) {
            if (segment.name().equals(p.segment()) && ++seen == p.occurrence()) return segment.get(p);
        }
        return "";
    }

    /** Sets a value of an existing envelope segment, such as {@code BTS-1}, escaping it as {@link Hl7Message#set} does. */
    public void set(String path, String value) {
        Hl7Path p = Hl7Path.parse(path);
        int seen = 0;
        for (Hl7Segment segment : envelope) {
            if (segment.name().equals(p.segment()) && ++seen == p.occurrence()) {
                segment.set(p, value);
                return;
            }
        }
        throw new IllegalArgumentException("the batch has no " + p.segment() + (p.occurrence() > 1 ? "[" + p.occurrence() + "]" : "") + " segment");
    }

    /** The whole input as bytes again: unchanged parts as received, changed messages in their own charset. */
    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(original.length + 64);
        int message = 0;
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            Object content = contents.get(i);
            if (content instanceof Hl7Message m && m.changed()) {
                out.writeBytes(m.encode(charsets.get(message)));
            } else if (content instanceof Hl7Segment s && s.changed()) {
                out.writeBytes((s.text() + s.trailer()).getBytes(envelopeCharset));
            } else {
                out.write(original, (int) part.start(), (int) (part.end() - part.start()));
            }
            if (content instanceof Hl7Message) message++;
        }
        return out.toByteArray();
    }
}
