package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class Hl7SplitterTest {

    /** Each shared-corpus file with the message count its manifest records. */
    static Stream<Arguments> corpus() {
        String manifest = new String(resource("MANIFEST.tsv"), StandardCharsets.UTF_8);
        return manifest.lines().skip(1).map(l -> l.split("\t", -1))
                .filter(f -> f[0].endsWith(".hl7") && !f[0].startsWith("MALFORMED"))
                .map(f -> Arguments.of(f[0], Integer.parseInt(f[2])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void finds_as_many_messages_as_the_corpus_manifest_records(String file, int expected) {
        List<byte[]> messages = Hl7Splitter.split(resource(file));
        assertThat(messages).as(file).hasSize(expected);
        assertThat(messages).allSatisfy(m -> assertThat(new String(m, 0, 3, StandardCharsets.ISO_8859_1)).isEqualTo("MSH"));
    }

    @Test
    void a_single_message_file_is_its_own_message_byte_for_byte() throws IOException {
        byte[] file = resource("ADT_A01_v2.4_hapi-docs-ADT_A01.hl7");
        assertThat(Hl7Splitter.split(file)).singleElement().isEqualTo(file);
    }

    @Test
    void drops_batch_envelopes_and_keeps_each_messages_own_terminators() {
        String batch = "FHS|^~\\&\r\nBHS|^~\\&\r\nMSH|^~\\&|A\r\nPID|1\r\n\r\nMSH|^~\\&|B\rPID|2\rBTS|2\r\nFTS|1\r\n";
        List<String> messages = Hl7Splitter.split(batch.getBytes(StandardCharsets.ISO_8859_1)).stream()
                .map(m -> new String(m, StandardCharsets.ISO_8859_1)).toList();
        assertThat(messages).containsExactly("MSH|^~\\&|A\r\nPID|1\r\n", "MSH|^~\\&|B\rPID|2\r");
    }

    @Test
    void skips_a_byte_order_mark_and_finds_nothing_in_text_without_msh() {
        byte[] bom = "\uFEFFMSH|^~\\&|A\nPID|1\n".getBytes(StandardCharsets.UTF_8);
        assertThat(Hl7Splitter.split(bom)).singleElement()
                .satisfies(m -> assertThat(new String(m, StandardCharsets.UTF_8)).isEqualTo("MSH|^~\\&|A\nPID|1\n"));
        assertThat(Hl7Splitter.split("PID|1\rOBX|2\r".getBytes())).isEmpty();
        assertThat(Hl7Splitter.split(new byte[0])).isEmpty();
    }

    @Test
    void a_segment_named_like_msh_is_not_a_message_start() {
        assertThat(Hl7Splitter.split("MSH|^~\\&|A\rMSHX|1\r".getBytes())).hasSize(1);
    }

    private static byte[] resource(String name) {
        try (InputStream in = Hl7SplitterTest.class.getResourceAsStream("corpus/" + name)) {
            if (in == null) throw new IllegalStateException("missing test resource corpus/" + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
