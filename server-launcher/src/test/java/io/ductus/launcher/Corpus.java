package io.ductus.launcher;

import io.ductus.format.hl7.Hl7Splitter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The shared HL7 corpus (../shared/testdata/corpus, byte-exact copy in the core's test resources, named by
 * the {@code ductus.corpus} system property) and HAPI 2.6.0's reading of each message (its lenient oracle).
 */
final class Corpus {

    /** One message of a corpus file (files with several messages and batches are split), and whether HAPI parses it. */
    record Message(String file, int index, byte[] bytes, boolean hapiParses) {
        boolean malformedFile() {
            return file.startsWith("MALFORMED_");
        }

        /** The one Latin-1 file says so in MSH-18; the rest are UTF-8. */
        Charset charset() {
            return file.contains("latin1") ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
        }

        @Override
        public String toString() {
            return file + " #" + index;
        }
    }

    private static final Pattern FILE = Pattern.compile("\"file\":\"([^\"]+)\"");
    private static final Pattern INDEX = Pattern.compile("\"index\":(\\d+)");

    private Corpus() {
    }

    static Path folder() {
        return Path.of(System.getProperty("ductus.corpus", "../plugin-sdk/formats/src/test/resources/io/ductus/format/hl7/corpus"))
                .toAbsolutePath().normalize();
    }

    /**
     * Every message of every {@code .hl7} file in file-name order. A file without any MSH (or a MALFORMED one)
     * is one message of its whole content, as a sender sending the file raw would send it.
     */
    static List<Message> messages() {
        Map<String, Boolean> oracle = oracle();
        List<Message> all = new ArrayList<>();
        for (Path file : hl7Files()) {
            String name = file.getFileName().toString();
            byte[] content = read(file);
            List<byte[]> parts = name.startsWith("MALFORMED_") ? List.of(content) : Hl7Splitter.split(content);
            if (parts.isEmpty()) parts = List.of(content);
            for (int i = 0; i < parts.size(); i++) {
                all.add(new Message(name, i, parts.get(i), oracle.getOrDefault(name + "#" + i, false)));
            }
        }
        return all;
    }

    private static List<Path> hl7Files() {
        try (Stream<Path> files = Files.list(folder())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".hl7")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the corpus at " + folder(), e);
        }
    }

    /** file#index → HAPI parses it (lenient). */
    private static Map<String, Boolean> oracle() {
        Map<String, Boolean> ok = new HashMap<>();
        for (String line : new String(read(folder().resolve("_oracle/hapi-2.6.0-lenient.jsonl")), StandardCharsets.UTF_8).split("\n")) {
            Matcher file = FILE.matcher(line);
            Matcher index = INDEX.matcher(line);
            if (file.find() && index.find()) ok.put(file.group(1) + "#" + index.group(1), line.contains("\"ok\":true"));
        }
        return ok;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
