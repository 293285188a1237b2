package io.ductus.format.hl7;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which charset a message's bytes are in, and the text they hold. In order:
 * <ol>
 *   <li>the source's setting ({@code charset:}) when there is one: the operator knows the sender;</li>
 *   <li>a UTF-8 byte order mark: UTF-8;</li>
 *   <li>MSH-18 (its first repetition), by its HL7 name ({@link #forHl7Name}) or a Java charset name;</li>
 *   <li>UTF-8, unless the bytes are not valid UTF-8: then ISO-8859-1, which reads every byte as one
 *       character and so writes the same bytes back.</li>
 * </ol>
 * MSH-18 is read from the bytes as ASCII, which every charset HL7 names for MSH-18 shares except
 * UTF-16 and UTF-32 (and EBCDIC); such a name in MSH-18 is not believed, as the bytes holding it are
 * ASCII. Those charsets are honoured only from the source's setting.
 */
public final class Hl7Charsets {

    /** Where the charset decision came from. */
    public enum Reason { SOURCE_SETTING, BYTE_ORDER_MARK, MSH_18, DEFAULT, NOT_UTF_8 }

    /**
     * The text of some bytes and the charset it was read with.
     *
     * @param text    the bytes decoded (a byte order mark stays in the text as U+FEFF)
     * @param charset the charset chosen; writing the unchanged text in it gives the same bytes back
     *                unless the bytes were invalid in a charset that was declared
     * @param reason  why this charset
     */
    public record Decoded(String text, Charset charset, Reason reason) {
    }

    private static final Map<String, String> HL7_NAMES = Map.ofEntries(
            Map.entry("ASCII", "US-ASCII"),
            Map.entry("8859/1", "ISO-8859-1"), Map.entry("8859/2", "ISO-8859-2"), Map.entry("8859/3", "ISO-8859-3"),
            Map.entry("8859/4", "ISO-8859-4"), Map.entry("8859/5", "ISO-8859-5"), Map.entry("8859/6", "ISO-8859-6"),
            Map.entry("8859/7", "ISO-8859-7"), Map.entry("8859/8", "ISO-8859-8"), Map.entry("8859/9", "ISO-8859-9"),
            Map.entry("8859/15", "ISO-8859-15"),
            Map.entry("UNICODE", "UTF-8"), Map.entry("UNICODE UTF-8", "UTF-8"),
            Map.entry("UNICODE UTF-16", "UTF-16"), Map.entry("UNICODE UTF-32", "UTF-32"),
            Map.entry("ISO IR6", "US-ASCII"), Map.entry("ISO IR100", "ISO-8859-1"),
            Map.entry("ISO IR14", "JIS_X0201"), Map.entry("ISO IR87", "ISO-2022-JP"), Map.entry("ISO IR159", "ISO-2022-JP-2"),
            Map.entry("GB 18030-2000", "GB18030"), Map.entry("KS X 1001", "EUC-KR"),
            Map.entry("CNS 11643-1992", "x-EUC-TW"), Map.entry("BIG-5", "Big5"));

    private Hl7Charsets() {
    }

    /**
     * Decodes a message's bytes; see the class comment for the order of the decision.
     *
     * @param sourceCharset the source's {@code charset:} setting, or null when it has none
     */
    public static Decoded decode(byte[] bytes, Charset sourceCharset) {
        if (sourceCharset != null) return new Decoded(new String(bytes, sourceCharset), sourceCharset, Reason.SOURCE_SETTING);
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            return new Decoded(new String(bytes, StandardCharsets.UTF_8), StandardCharsets.UTF_8, Reason.BYTE_ORDER_MARK);
        }
        Optional<Charset> declared = msh18(bytes).flatMap(Hl7Charsets::forHl7Name).filter(Hl7Charsets::isAsciiCompatible);
        if (declared.isPresent()) return new Decoded(new String(bytes, declared.get()), declared.get(), Reason.MSH_18);
        Optional<String> utf8 = strictUtf8(bytes);
        return utf8.map(t -> new Decoded(t, StandardCharsets.UTF_8, Reason.DEFAULT))
                .orElseGet(() -> new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1, Reason.NOT_UTF_8));
    }

    /**
     * The Java charset for an MSH-18 value: the HL7 names of table 0211 ({@code ASCII}, {@code 8859/1} …
     * {@code 8859/9}, {@code 8859/15}, {@code UNICODE}, {@code UNICODE UTF-8}, {@code UNICODE UTF-16},
     * {@code UNICODE UTF-32}, {@code ISO IR6}, {@code ISO IR14}, {@code ISO IR87}, {@code ISO IR100},
     * {@code ISO IR159}, {@code GB 18030-2000}, {@code KS X 1001}, {@code CNS 11643-1992},
     * {@code BIG-5}), or else a Java charset name such as {@code UTF-8} or {@code windows-1252}; upper
     * or lower case. Empty when the name is unknown or this Java has no such charset.
     */
    public static Optional<Charset> forHl7Name(String name) {
        String key = name.strip().toUpperCase(Locale.ROOT);
        if (key.isEmpty()) return Optional.empty();
        String java = HL7_NAMES.getOrDefault(key, name.strip());
        try {
            return Charset.isSupported(java) ? Optional.of(Charset.forName(java)) : Optional.empty();
        } catch (IllegalCharsetNameException e) {
            return Optional.empty();
        }
    }

    /**
     * MSH-18 (its first repetition) read from bytes as ASCII: after an optional byte order mark and line
     * breaks, {@code MSH}, the field separator, then the 17th field separator on the first line.
     */
    static Optional<String> msh18(byte[] bytes) {
        int start = 0;
        while (start < bytes.length && (bytes[start] == '\r' || bytes[start] == '\n')) start++;
        if (bytes.length < start + 4 || bytes[start] != 'M' || bytes[start + 1] != 'S' || bytes[start + 2] != 'H') return Optional.empty();
        byte field = bytes[start + 3];
        if (field == '\r' || field == '\n') return Optional.empty();
        int end = start + 4;
        while (end < bytes.length && bytes[end] != '\r' && bytes[end] != '\n') end++;
        int seen = 1; // the separator right after MSH starts MSH-2
        int i = start + 4;
        for (; i < end && seen < 17; i++) if (bytes[i] == field) seen++;
        if (seen < 17) return Optional.empty();
        byte repetition = start + 5 < end ? bytes[start + 5] : field;
        int valueEnd = i;
        while (valueEnd < end && bytes[valueEnd] != field && bytes[valueEnd] != repetition) valueEnd++;
        StringBuilder value = new StringBuilder();
        for (int k = i; k < valueEnd; k++) {
            int b = bytes[k] & 0xff;
            if (b >= 0x80) return Optional.empty();
            value.append((char) b);
        }
        return value.toString().isBlank() ? Optional.empty() : Optional.of(value.toString());
    }

    /**
     * Whether the charset writes ASCII as ASCII (so MSH-18 found by reading ASCII can be true, and a header
     * read from the bytes as ISO-8859-1 holds the same fields).
     */
    public static boolean isAsciiCompatible(Charset c) {
        if (c == StandardCharsets.UTF_8 || c == StandardCharsets.ISO_8859_1 || c == StandardCharsets.US_ASCII) return true;
        String probe = "MSH|^~\\&#09AZaz \r";
        return c.canEncode() && java.util.Arrays.equals(probe.getBytes(c), probe.getBytes(StandardCharsets.US_ASCII));
    }

    private static Optional<String> strictUtf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
