package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class Hl7SegmentTest {

    private static final Delimiters STANDARD = Delimiters.of('|', "^~\\&");

    /**
     * setRaw replaces the value in one copy when its separators are all there, and adds the missing ones
     * otherwise; either way the text must be what adding separators where missing and replacing the range
     * gives (the reference below, the way setRaw always worked).
     */
    @Test
    void set_raw_gives_what_adding_the_missing_separators_and_replacing_the_value_gives() {
        Random random = new Random(7);
        for (int i = 0; i < 100_000; i++) {
            String text = (random.nextInt(5) == 0 ? "MSH|^~\\&" : "OBX") + randomFields(random);
            Hl7Path path = new Hl7Path(text.substring(0, 3), 1, random.nextInt(6) + (text.startsWith("MSH") ? 3 : 1),
                    random.nextInt(3), 0, 0);
            int component = random.nextInt(4);
            path = new Hl7Path(path.segment(), 1, path.field(), path.repetition(), component, component == 0 ? 0 : random.nextInt(3));
            String raw = new String[] {"", "v", "x^y", "long value"}[random.nextInt(4)];
            Hl7Segment segment = new Hl7Segment(text, "\r", STANDARD);
            segment.setRaw(path, raw);
            assertThat(segment.text()).as("%s in '%s'", path, text).isEqualTo(reference(text, path, raw));
        }
    }

    private static String randomFields(Random random) {
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(24);
        for (int i = 0; i < n; i++) s.append("|^~&ab".charAt(random.nextInt(6)));
        return s.toString();
    }

    /** setRaw as it was before it had a path without copying: every level through a StringBuilder. */
    private static String reference(String text, Hl7Path path, String raw) {
        boolean header = Hl7Segment.isHeader(text);
        StringBuilder s = new StringBuilder(text);
        long range = ensure(s, 0, s.length(), '|', header ? path.field() - 1 : path.field());
        if (path.repetition() != 0 || path.component() != 0) {
            range = ensure(s, (int) (range >>> 32), (int) range, '~', Math.max(1, path.repetition()) - 1);
            if (path.component() != 0) {
                range = ensure(s, (int) (range >>> 32), (int) range, '^', path.component() - 1);
                if (path.subcomponent() != 0) range = ensure(s, (int) (range >>> 32), (int) range, '&', path.subcomponent() - 1);
            }
        }
        s.replace((int) (range >>> 32), (int) range, raw);
        return s.toString();
    }

    private static long ensure(StringBuilder s, int from, int to, char sep, int n) {
        int begin = from;
        for (int i = 0; i < n; i++) {
            int next = indexOf(s, sep, begin, to);
            if (next < 0) {
                s.insert(to, String.valueOf(sep).repeat(n - i));
                int at = to + n - i;
                return ((long) at << 32) | at;
            }
            begin = next + 1;
        }
        int end = indexOf(s, sep, begin, to);
        return ((long) begin << 32) | (end < 0 ? to : end);
    }

    private static int indexOf(StringBuilder s, char c, int from, int to) {
        for (int i = from; i < to; i++) if (s.charAt(i) == c) return i;
        return -1;
    }
}
