package io.ductus.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {

    private final List<String> seen = new ArrayList<>();
    private final SseParser parser = new SseParser(new SseParser.Sink() {
        @Override
        public void event(String id, String type, String data) {
            seen.add(id + "/" + type + "/" + data);
        }

        @Override
        public void retry(long millis) {
            seen.add("retry " + millis);
        }

        @Override
        public void comment(String text) {
            seen.add("comment " + text);
        }
    });

    private void lines(String... lines) {
        for (String line : lines) parser.line(line);
    }

    @Test
    void an_event_is_dispatched_at_the_blank_line_with_its_id_type_and_data() {
        lines(": ductus events", "retry: 2000", "", "id: 41", "event: received", "data: {\"messageId\":1}", "");
        assertThat(seen).containsExactly("comment ductus events", "retry 2000", "41/received/{\"messageId\":1}");
        assertThat(parser.lastId()).isEqualTo("41");
    }

    @Test
    void several_data_lines_are_joined_and_a_missing_type_is_message() {
        lines("data: a", "data:b", "");
        assertThat(seen).containsExactly("null/message/a\nb");
    }

    @Test
    void a_block_without_data_dispatches_nothing_but_keeps_its_id() {
        lines("id: 7", "event: x", "", "data: y", "");
        assertThat(seen).containsExactly("7/message/y");
    }

    @Test
    void a_retry_that_is_not_a_number_and_unknown_fields_are_ignored() {
        lines("retry: soon", "colour: red", "data: z", "");
        assertThat(seen).containsExactly("null/message/z");
    }
}
