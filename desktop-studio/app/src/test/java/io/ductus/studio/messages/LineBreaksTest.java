package io.ductus.studio.messages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LineBreaksTest {

    @Test
    void carriage_returns_are_shown_as_line_breaks_one_for_one_and_put_back_after_an_edit() {
        String hl7 = "MSH|^~\\&|A\rPID|1\r";
        String shown = LineBreaks.forDisplay(hl7);
        assertThat(shown).isEqualTo("MSH|^~\\&|A\nPID|1\n").hasSameSizeAs(hl7);
        assertThat(LineBreaks.fromDisplay(shown.replace("PID|1", "PID|2"), hl7)).isEqualTo("MSH|^~\\&|A\rPID|2\r");
        String crlf = "MSH|^~\\&|A\r\nPID|1\r\n";
        assertThat(LineBreaks.forDisplay(crlf)).hasSameSizeAs(crlf);
        assertThat(LineBreaks.fromDisplay(LineBreaks.forDisplay(crlf), crlf)).isEqualTo(crlf);
        assertThat(LineBreaks.fromDisplay("a\nb", "a\nb")).isEqualTo("a\nb");
    }
}
