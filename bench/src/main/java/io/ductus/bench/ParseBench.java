package io.ductus.bench;

import io.ductus.format.csv.CsvReader;
import io.ductus.format.hl7.Delimiters;
import io.ductus.format.hl7.Hl7Charsets;
import io.ductus.format.hl7.Hl7Escapes;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParserFuzzTest;
import io.ductus.format.hl7.Hl7Segment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The formats module's parsers on one thread: the corpus's messages (every message of every file of
 * shared/testdata/corpus that HAPI read, as copied into the formats module's test resources) read whole to
 * a tree (charset decision, segments, then every field of every segment read), the header alone, CSV rows;
 * then the fuzzer over a million inputs. The reference is decoding the same bytes to text, which every
 * parse does first ({@code decode_per_s}).
 */
final class ParseBench implements BenchMain.Scenario {

    private static final long ROUND_NANOS = 2_000_000_000L;

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int fuzzPerKind = quick ? 25_000 : 250_000;
        System.setProperty("hl7.fuzz.inputs", String.valueOf(fuzzPerKind));
        List<byte[]> corpus = readable(Hl7ParserFuzzTest.corpusMessages());
        long bytes = corpus.stream().mapToLong(m -> m.length).sum();
        System.out.printf("corpus: %d messages, %d bytes on average%n", corpus.size(), bytes / corpus.size());
        int rounds = quick ? 2 : 5;
        double decode = 0, parse = 0, header = 0, csv = 0;
        String csvText = csv();
        int csvRows = CsvReader.read(csvText).size();
        for (int round = 0; round <= rounds; round++) { // round 0 warms up
            double d = rate(corpus, m -> new String(m, StandardCharsets.UTF_8).length());
            double p = rate(corpus, ParseBench::tree);
            double h = rate(corpus, m -> header(m));
            double c = rate(List.of(csvText.getBytes(StandardCharsets.ISO_8859_1)), m -> csvRows(csvText)) * csvRows;
            if (round == 0) continue;
            decode = Math.max(decode, d);
            parse = Math.max(parse, p);
            header = Math.max(header, h);
            csv = Math.max(csv, c);
            System.out.printf("round %d: decode %.0f/s, parse to tree %.0f/s, header %.0f/s, csv rows %.0f/s%n", round, d, p, h, c);
        }
        long started = System.nanoTime();
        long fuzzed = Hl7ParserFuzzTest.fuzz();
        System.out.printf("fuzz: %d inputs in %.1f s, every one read and written back exactly or refused with a position%n",
                fuzzed, (System.nanoTime() - started) / 1e9);
        System.out.printf("RESULT parse hl7_parse_per_s=%.0f header_per_s=%.0f csv_rows_per_s=%.0f fuzz_inputs=%d decode_per_s=%.0f"
                + " parse_over_decode=%.2f messages=%d%n", parse, header, csv, fuzzed, decode, parse / decode, corpus.size());
    }

    /** The corpus messages the parser reads (the rest are the corpus's malformed ones). */
    private static List<byte[]> readable(List<byte[]> all) {
        List<byte[]> out = new ArrayList<>();
        for (byte[] m : all) {
            try {
                Hl7Message.parse(m, null);
                out.add(m);
            } catch (Exception e) {
                // refused: not part of the rate
            }
        }
        return out;
    }

    /**
     * Whole message to tree, as a viewer builds it: every field of every segment cut into repetitions,
     * components and subcomponents, each leaf's escapes decoded.
     */
    private static int tree(byte[] message) {
        try {
            Hl7Message parsed = Hl7Message.parse(Hl7Charsets.decode(message, null).text());
            Delimiters d = parsed.delimiters();
            int n = 0;
            for (Hl7Segment segment : parsed.segments()) {
                List<String> fields = segment.rawFields();
                for (int f = segment.name().equals("MSH") ? 2 : 0; f < fields.size(); f++) {
                    for (String repetition : split(fields.get(f), d.repetition())) {
                        for (String component : split(repetition, d.component())) {
                            for (String sub : split(component, d.subcomponent())) n += Hl7Escapes.decode(sub, d).length();
                        }
                    }
                }
            }
            return n;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> split(String s, char sep) {
        if (s.indexOf(sep) < 0) return List.of(s);
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i = s.indexOf(sep); i >= 0; i = s.indexOf(sep, from)) {
            parts.add(s.substring(from, i));
            from = i + 1;
        }
        parts.add(s.substring(from));
        return parts;
    }

    private static int csvRows(String text) {
        try {
            return CsvReader.read(text).size();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int header(byte[] message) {
        try {
            return Hl7Header.read(message).controlId().map(String::length).orElse(0);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** 20,000 rows of lab results, some quoted with commas, quotes and line breaks in them. */
    private static String csv() {
        StringBuilder s = new StringBuilder("mrn,name,test,value,unit,comment\r\n");
        for (int i = 0; i < 20_000; i++) {
            s.append(100_000 + i).append(",\"DOE, JANE\",GLU,").append(90 + i % 40).append(",mg/dL,");
            s.append(i % 7 == 0 ? "\"said \"\"fasting\"\"\r\nsecond line\"" : "ok").append("\r\n");
        }
        return s.toString();
    }

    private interface Work {
        int apply(byte[] message);
    }

    /** Items per second over one round of about two seconds. */
    private static double rate(List<byte[]> items, Work work) {
        long sink = 0;
        long count = 0;
        long start = System.nanoTime();
        long elapsed;
        do {
            for (byte[] item : items) sink += work.apply(item);
            count += items.size();
            elapsed = System.nanoTime() - start;
        } while (elapsed < ROUND_NANOS);
        if (sink == 42) System.out.print("");
        return count * 1e9 / elapsed;
    }
}
