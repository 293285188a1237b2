package io.ductus.studio.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class Hl7HighlightingTest {

    @Test
    void segment_names_separators_and_escapes_are_marked_and_values_are_not() throws Exception {
        String text = "MSH|^~\\&|A\rPID|1|X\\S\\Y^Z~W&V\r";
        List<Hl7Highlighting.Span> spans = Hl7Highlighting.spans(text, new Hl7TreeReader().read(text));
        assertThat(spans).extracting(s -> text.substring(s.start(), s.end()) + " " + s.styleClass()).containsExactly(
                "MSH hl7-segment", "|^~\\& hl7-encoding-characters", "| hl7-field-separator",
                "PID hl7-segment", "| hl7-field-separator", "| hl7-field-separator", "\\S\\ hl7-escape", "^ hl7-component-separator",
                "~ hl7-repetition-separator", "& hl7-subcomponent-separator");
    }
}
