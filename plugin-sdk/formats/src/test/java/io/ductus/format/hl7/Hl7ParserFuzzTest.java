package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing: real corpus messages mutated (delimiters swapped, cut short, random bytes written or
 * inserted, huge repetitions, ranges deleted or doubled, terminators changed, escape debris) and plain
 * random bytes. Whatever the input, reading it either succeeds, and then writing it back gives the same
 * bytes, or fails with {@link Hl7ParseException} alone; and it finishes within {@link #LIMIT_SECONDS}.
 *
 * <p>Each input comes from its own seed (derived from {@code hl7.fuzz.seed}, the test and the input's
 * number), so a failure names the seed that gives it back, and the same {@code hl7.fuzz.seed} repeats a
 * run exactly. {@code hl7.fuzz.inputs} inputs per test (2,500 in the normal build); a long run by hand:
 * {@code -Dtest=Hl7ParserFuzzTest -Dhl7.fuzz.inputs=340000 -Dhl7.fuzz.seed=1} (docs/hl7-parser.md), and
 * {@code bench/run parse} runs {@link #fuzz} over a million inputs.
 *
 * <p>Each input also goes through the header reader ({@link Hl7Header#read}: it accepts what the parser
 * accepts and reads the same delimiters and MSH-10) and the streaming splitter (the same messages as
 * {@link Hl7Splitter#split}, or a {@code RecordFormatException} with a line), and a CSV input made of the
 * same bytes through both CSV readers (they agree on how many rows, or both refuse it).
 */
public class Hl7ParserFuzzTest {

    private static final long LIMIT_SECONDS = 5;
    private static final int INPUTS_PER_TEST = Integer.getInteger("hl7.fuzz.inputs", 2_500);
    private static final long SEED = Long.getLong("hl7.fuzz.seed", 20261130L);
    private static final List<byte[]> CORPUS = corpus();
    private static final String[] PATHS = {"PID-3", "PID-3.1", "PID-5.1.2", "PID-3(3).4", "OBX[2]-5", "MSH-3", "MSH-9.2", "MSH-18",
            "ZZZ-1", "EVN-2(2).1.1", "NTE-3", "MSH-1", "OBX[9]-1"};
    private static final String VALUE_CHARS = "|^~\\&#\r\nAZaz09 \u00b5\u00e9X";
    private static ExecutorService worker = newWorker();
    private static long inputs;
    private static long read;
    private static long nanos;

    @Test
    void a_mutated_real_message_is_read_and_written_back_exactly_or_refused_with_the_parse_error() {
        run(1, r -> check(mutate(CORPUS.get(r.nextInt(CORPUS.size())), r)));
    }

    @Test
    void random_bytes_are_read_and_written_back_exactly_or_refused_with_the_parse_error() {
        run(2, r -> check(randomBytes(r)));
    }

    @Test
    void a_value_set_in_a_mutated_message_reads_back_and_leaves_the_rest_as_it_was() {
        run(3, r -> {
            byte[] input = mutate(CORPUS.get(r.nextInt(CORPUS.size())), r);
            String path = PATHS[r.nextInt(PATHS.length)];
            StringBuilder value = new StringBuilder();
            for (int n = r.nextInt(13); n > 0; n--) value.append(VALUE_CHARS.charAt(r.nextInt(VALUE_CHARS.length())));
            setAndReadBack(input, path, value.toString());
        });
    }

    @Test
    void the_same_bytes_as_csv_are_read_alike_by_the_reader_and_the_row_splitter() {
        run(4, r -> checkCsv(r.nextBoolean() ? randomCsv(r) : mutate(CORPUS.get(r.nextInt(CORPUS.size())), r)));
    }

    /**
     * Runs every kind of input, {@code hl7.fuzz.inputs} of each (set the property before this class is
     * first used); returns how many inputs ran. Throws the first failure, naming its seed.
     */
    public static long fuzz() {
        run(1, r -> check(mutate(CORPUS.get(r.nextInt(CORPUS.size())), r)));
        run(2, r -> check(randomBytes(r)));
        run(3, r -> {
            byte[] input = mutate(CORPUS.get(r.nextInt(CORPUS.size())), r);
            StringBuilder value = new StringBuilder();
            for (int n = r.nextInt(13); n > 0; n--) value.append(VALUE_CHARS.charAt(r.nextInt(VALUE_CHARS.length())));
            setAndReadBack(input, PATHS[r.nextInt(PATHS.length)], value.toString());
        });
        run(4, r -> checkCsv(r.nextBoolean() ? randomCsv(r) : mutate(CORPUS.get(r.nextInt(CORPUS.size())), r)));
        return inputs;
    }

    /** The corpus messages, for benchmarks. */
    public static List<byte[]> corpusMessages() {
        return CORPUS;
    }

    private static byte[] randomCsv(Random r) {
        String alphabet = "ab,\"\r\n 1";
        StringBuilder s = new StringBuilder("id,name\r\n");
        for (int n = r.nextInt(200); n > 0; n--) s.append(alphabet.charAt(r.nextInt(alphabet.length())));
        return s.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void checkCsv(byte[] input) {
        within(() -> {
            // The text as both readers see it: the row splitter drops a UTF-8 byte order mark, and so does
            // CsvReader once the bytes are decoded as UTF-8; ISO-8859-1 keeps every other byte as one char.
            boolean bom = input.length >= 3 && (input[0] & 0xff) == 0xEF && (input[1] & 0xff) == 0xBB && (input[2] & 0xff) == 0xBF;
            String text = new String(input, bom ? 3 : 0, input.length - (bom ? 3 : 0), StandardCharsets.ISO_8859_1);
            int records = -1;
            try {
                records = io.ductus.format.csv.CsvReader.read(text).size();
            } catch (io.ductus.format.csv.CsvParseException e) {
                assertThat(e.getMessage()).startsWith("line ");
            }
            int rows = -1;
            try {
                io.ductus.format.split.RecordSplitter splitter = io.ductus.format.split.RecordSplitter.open(
                        io.ductus.format.split.RecordSplitter.Kind.CSV, new java.io.ByteArrayInputStream(input),
                        io.ductus.format.split.Position.START, Math.max(16, input.length + 1));
                int n = 0;
                while (splitter.next() != null) n++;
                rows = n;
            } catch (io.ductus.format.split.RecordFormatException e) {
                assertThat(e.getMessage()).startsWith("line ");
            }
            assertThat(records < 0).as("both refuse, or neither: %s", preview(input)).isEqualTo(rows < 0);
            if (records >= 0) assertThat(rows).as("rows after the header in %s", preview(input)).isEqualTo(Math.max(0, records - 1));
            return null;
        }, input);
    }

    @AfterAll
    static void report() {
        System.out.printf("HL7 fuzz: %d inputs (%d read, the rest refused with Hl7ParseException) in %.1f s%n", inputs, read, nanos / 1e9);
    }

    /** Runs one input per seed, naming the seed of the first that fails. */
    private static void run(int test, Consumer<Random> oneInput) {
        long started = System.nanoTime();
        for (int i = 0; i < INPUTS_PER_TEST; i++) {
            long seed = SEED * 31 + test * 1_000_000_007L + i;
            if (++inputs % 100_000 == 0) {
                System.out.printf("HL7 fuzz: %d inputs so far, %.1f s%n", inputs, (nanos + System.nanoTime() - started) / 1e9);
            }
            try {
                oneInput.accept(new Random(seed));
            } catch (AssertionError e) {
                throw new AssertionError("input " + i + " (seed " + seed + "): " + e.getMessage(), e);
            }
        }
        nanos += System.nanoTime() - started;
    }

    private static void setAndReadBack(byte[] input, String path, String value) {
        within(() -> {
            Hl7Message message;
            try {
                message = Hl7Message.parse(Hl7Charsets.decode(input, null).text());
            } catch (Hl7ParseException e) {
                return null;
            }
            Hl7Path p = Hl7Path.parse(path);
            int before = message.segmentCount();
            List<String> others = new ArrayList<>();
            for (int i = 0; i < before; i++) others.add(message.segment(i));
            read++;
            try {
                message.set(p, value);
            } catch (IllegalArgumentException refused) { // the delimiters, or a segment occurrence past the next one
                assertThat(refused.getMessage()).containsAnyOf("delimiters", "can only add the next one", "start messages");
                return null;
            }
            assertThat(message.get(p)).isEqualTo(value);
            Hl7Message again = Hl7Message.parse(message.encode());
            assertThat(again.get(p)).isEqualTo(value);
            int changed = 0;
            for (int i = 0; i < before; i++) if (!again.segment(i).equals(others.get(i))) changed++;
            assertThat(changed).isLessThanOrEqualTo(1);
            return null;
        }, input);
    }

    private static void check(byte[] input) {
        within(() -> {
            Hl7Charsets.Decoded decoded = Hl7Charsets.decode(input, null);
            boolean lossless = Arrays.equals(decoded.text().getBytes(decoded.charset()), input);
            try {
                Hl7Message message = Hl7Message.parse(decoded.text());
                read++;
                assertThat(message.rebuild()).isEqualTo(decoded.text());
                if (lossless) assertThat(message.encode(decoded.charset())).isEqualTo(input);
                for (Hl7Segment segment : message.segments()) {
                    segment.get("1");
                    segment.get("3.1");
                    segment.get("5(2).2.2");
                }
                message.get("PID-3.1");
            } catch (Hl7ParseException expected) {
                assertThat(expected.getMessage()).startsWith("segment ");
            }
            try {
                Hl7Batch batch = Hl7Batch.parse(input, null);
                assertThat(batch.encode()).isEqualTo(input);
            } catch (Hl7ParseException expected) {
                assertThat(expected.getMessage()).startsWith("segment ");
            }
            long covered = 0;
            for (Hl7Splitter.Part part : Hl7Splitter.parts(input)) {
                assertThat(part.start()).isEqualTo(covered);
                covered = part.end();
            }
            assertThat(covered).isEqualTo(input.length);
            checkHeader(input, decoded);
            checkStreamingSplit(input);
            return null;
        }, input);
    }

    /** The header reader and the parser agree: both read the message or both refuse it, with the same header. */
    private static void checkHeader(byte[] input, Hl7Charsets.Decoded decoded) {
        Hl7Header header = null;
        try {
            header = Hl7Header.read(input);
        } catch (Hl7ParseException e) {
            assertThat(e.segment()).isEqualTo(1);
        }
        Hl7Message message = null;
        try {
            message = Hl7Message.parse(decoded.text());
        } catch (Hl7ParseException e) {
            // a later segment may be what is wrong: the header alone can still be read
        }
        if (message != null && decoded.charset().equals(StandardCharsets.ISO_8859_1) || message != null && isAscii(input)) {
            assertThat(header).as("the header of a message the parser reads").isNotNull();
            assertThat(header.delimiters()).isEqualTo(message.delimiters());
            assertThat(header.controlId().orElse("")).as("MSH-10 of %s", preview(input)).isEqualTo(message.getRaw("MSH-10"));
        }
    }

    private static boolean isAscii(byte[] input) {
        for (byte b : input) if (b < 0) return false;
        return true;
    }

    /** The streaming splitter gives the messages {@link Hl7Splitter#split} finds, or refuses a line outside them. */
    private static void checkStreamingSplit(byte[] input) throws java.io.IOException {
        List<byte[]> expected = Hl7Splitter.split(input);
        List<byte[]> streamed = new ArrayList<>();
        try {
            io.ductus.format.split.RecordSplitter splitter = io.ductus.format.split.RecordSplitter.open(
                    io.ductus.format.split.RecordSplitter.Kind.HL7, new java.io.ByteArrayInputStream(input),
                    io.ductus.format.split.Position.START, Math.max(16, input.length + 1));
            for (io.ductus.format.split.SplitRecord record = splitter.next(); record != null; record = splitter.next()) {
                streamed.add(record.payload());
            }
        } catch (io.ductus.format.split.RecordFormatException e) {
            assertThat(e.getMessage()).startsWith("line ").contains("outside any message");
            return;
        }
        assertThat(streamed).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) assertThat(streamed.get(i)).isEqualTo(expected.get(i));
    }

    /** Runs a check on the worker thread, failing it when it takes longer than the limit (a hang). */
    private static void within(java.util.concurrent.Callable<Void> check, byte[] input) {
        Future<Void> result = worker.submit(check);
        try {
            result.get(LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            result.cancel(true);
            worker.shutdownNow();
            worker = newWorker(); // the stuck thread cannot be stopped; later inputs get a fresh one
            throw new AssertionError("no answer within " + LIMIT_SECONDS + " s for " + input.length + " bytes: " + preview(input));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) throw error;
            throw new AssertionError("unexpected " + e.getCause() + " for " + preview(input), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "hl7-fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    /** Up to 300 bytes, half of them from a set that matters to HL7; half the time after an MSH header. */
    private static byte[] randomBytes(Random r) {
        byte[] interesting = {'M', 'S', 'H', '|', '^', '~', '\\', '&', '#', '\r', '\n', 'X', 'F', (byte) 0xEF, (byte) 0xBB,
            (byte) 0xBF, (byte) 0xB5, 0};
        byte[] noise = new byte[r.nextInt(301)];
        for (int i = 0; i < noise.length; i++) {
            noise[i] = r.nextBoolean() ? interesting[r.nextInt(interesting.length)] : (byte) r.nextInt(256);
        }
        return r.nextBoolean() ? noise : concat("MSH|^~\\&|".getBytes(StandardCharsets.US_ASCII), noise);
    }

    /** One to three mutations of a real message. */
    static byte[] mutate(byte[] base, Random r) {
        byte[] b = base;
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) b = mutateOnce(b, r);
        return b;
    }

    private static byte[] mutateOnce(byte[] b, Random r) {
        int at = b.length == 0 ? 0 : r.nextInt(b.length + 1);
        int[] ordinary = {0, 1, 2, 3, 5, 6, 7, 8};
        switch (r.nextInt(40) == 0 ? 4 : ordinary[r.nextInt(ordinary.length)]) {
            case 0 -> { // swap two delimiters everywhere
                byte[] delimiters = {'|', '^', '~', '\\', '&', '#', '\r', '\n'};
                byte x = delimiters[r.nextInt(delimiters.length)];
                byte y = delimiters[r.nextInt(delimiters.length)];
                byte[] c = b.clone();
                for (int i = 0; i < c.length; i++) c[i] = c[i] == x ? y : c[i] == y ? x : c[i];
                return c;
            }
            case 1 -> { // cut short
                return Arrays.copyOf(b, at);
            }
            case 2 -> { // overwrite random bytes
                byte[] c = b.clone();
                for (int k = 1 + r.nextInt(8); k > 0 && c.length > 0; k--) c[r.nextInt(c.length)] = (byte) r.nextInt(256);
                return c;
            }
            case 3 -> { // insert random bytes
                byte[] noise = new byte[1 + r.nextInt(16)];
                r.nextBytes(noise);
                return insert(b, at, noise);
            }
            case 4 -> { // a huge repetition of a delimiter or of a piece of the message (1 in 40 mutations)
                byte[] unit = r.nextBoolean() ? new byte[] {"~^&|\\\r".getBytes(StandardCharsets.US_ASCII)[r.nextInt(6)]}
                        : Arrays.copyOfRange(b, at, Math.min(b.length, at + 1 + r.nextInt(8)));
                int times = 1_000 + r.nextInt(10_000);
                byte[] huge = new byte[unit.length * times];
                for (int i = 0; i < times; i++) System.arraycopy(unit, 0, huge, i * unit.length, unit.length);
                return insert(b, at, huge);
            }
            case 5 -> { // delete a range
                int end = Math.min(b.length, at + r.nextInt(200));
                return concat(Arrays.copyOf(b, at), Arrays.copyOfRange(b, end, b.length));
            }
            case 6 -> { // double a range
                int end = Math.min(b.length, at + r.nextInt(200));
                return insert(b, end, Arrays.copyOfRange(b, at, end));
            }
            case 7 -> { // terminators changed
                String[] breaks = {"\r", "\n", "\r\n", "\n\r", ""};
                String text = new String(b, StandardCharsets.ISO_8859_1).replace("\r", breaks[r.nextInt(breaks.length)]);
                return text.getBytes(StandardCharsets.ISO_8859_1);
            }
            default -> { // escape debris
                String[] debris = {"\\", "\\X", "\\X0\\", "\\XZZ\\", "\\X0d0A\\", "\\F\\", "\\.br\\", "\\\\", "\\P\\", "\\E", "#"};
                return insert(b, at, debris[r.nextInt(debris.length)].getBytes(StandardCharsets.US_ASCII));
            }
        }
    }

    private static byte[] insert(byte[] b, int at, byte[] piece) {
        return concat(concat(Arrays.copyOf(b, at), piece), Arrays.copyOfRange(b, at, b.length));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static String preview(byte[] input) {
        String s = new String(input, 0, Math.min(input.length, 200), StandardCharsets.ISO_8859_1);
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }

    /** Each corpus message, and each whole corpus file (batches, several messages, damaged files). */
    private static List<byte[]> corpus() {
        List<byte[]> all = new ArrayList<>();
        for (String file : HapiOracle.manifestFiles()) {
            if (!file.endsWith(".hl7")) continue;
            byte[] bytes = HapiOracle.bytes(file);
            all.add(bytes);
            all.addAll(Hl7Splitter.split(bytes));
        }
        return all;
    }
}
