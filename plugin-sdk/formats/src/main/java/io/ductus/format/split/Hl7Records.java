package io.ductus.format.split;

import io.ductus.format.hl7.Hl7Splitter;
import java.io.IOException;
import java.io.InputStream;

/** HL7 v2 messages as {@link Hl7Splitter} cuts them; envelope segments and blank lines are dropped. */
final class Hl7Records implements RecordSplitter {

    private final Hl7Splitter splitter;

    Hl7Records(InputStream in, Position from, int maxRecord) throws IOException {
        this.splitter = Hl7Splitter.open(in, from, maxRecord);
    }

    @Override
    public SplitRecord next() throws IOException, RecordFormatException {
        for (Hl7Splitter.Part part = splitter.next(); part != null; part = splitter.next()) {
            switch (part.kind()) {
                case MESSAGE -> {
                    return new SplitRecord(part.bytes(), part.line(), part.end(), part.nextLine());
                }
                case OTHER -> {
                    if (part.strayLine() > 0) throw new RecordFormatException(part.strayLine(), part.strayProblem());
                }
                case ENVELOPE -> {
                    // dropped: a file's or batch's header and trailer are not messages
                }
            }
        }
        return null;
    }
}
