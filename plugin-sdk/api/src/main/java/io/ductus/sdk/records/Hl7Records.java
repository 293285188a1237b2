package io.ductus.sdk.records;

import java.io.IOException;

/**
 * HL7 v2 messages: each from a segment named MSH to the end of its last segment (with that segment's
 * terminator), byte for byte; blank lines inside a message are kept, those after it are not. Envelope
 * segments (FHS, BHS, BTS, FTS) end the message before them and are dropped.
 */
final class Hl7Records implements RecordSplitter {

    private static final byte[] NOTHING = new byte[0];

    private final LineScanner lines;
    private final RecordBuffer message;
    private boolean pending; // the scanner's current line has not been handled yet (it began the next message)
    private boolean more = true;

    Hl7Records(LineScanner lines, Position from, int maxRecord) throws IOException {
        this.lines = lines;
        this.message = new RecordBuffer(maxRecord);
        lines.skipTo(from);
    }

    @Override
    public SplitRecord next() throws IOException, RecordFormatException {
        long startLine = -1;
        int kept = 0; // bytes of the message up to its last non-blank segment
        long keptEnd = 0;
        long keptLine = 0;
        while (more && (pending || (more = lines.next()))) {
            pending = false;
            if (lines.empty()) {
                if (startLine >= 0) lines.appendTo(message, true); // dropped again unless a segment follows
                continue;
            }
            if (lines.isSegment("MSH") || isEnvelope()) {
                if (startLine >= 0) {
                    pending = true; // this line belongs to what comes next
                    break;
                }
                if (!lines.isSegment("MSH")) continue; // an envelope segment between messages
                startLine = lines.line();
                message.reset(startLine);
            } else if (startLine < 0) {
                throw new RecordFormatException(lines.line(), "'" + lines.preview() + "' is outside any message; an HL7 file"
                        + " holds messages starting with MSH, and the envelope segments FHS, BHS, BTS and FTS");
            }
            lines.appendTo(message, true);
            kept = message.size();
            keptEnd = lines.endOffset();
            keptLine = lines.line() + 1;
        }
        if (startLine < 0) return null;
        message.truncate(kept);
        return new SplitRecord(message.toBytes(NOTHING), startLine, keptEnd, keptLine);
    }

    private boolean isEnvelope() {
        return lines.isSegment("FHS") || lines.isSegment("BHS") || lines.isSegment("BTS") || lines.isSegment("FTS");
    }
}
