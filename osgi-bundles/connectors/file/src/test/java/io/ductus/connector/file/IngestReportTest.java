package io.ductus.connector.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.files.FileProgress;
import io.ductus.sdk.files.IngestReport;
import io.ductus.sdk.files.ListedFile;
import io.ductus.sdk.records.Position;
import io.ductus.sdk.testkit.TestClock;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A large file tells operators how far its reading got, as its batches commit, on the connector's clock. */
class IngestReportTest {

    @TempDir
    Path tmp;

    @Test
    void a_long_read_shows_records_stored_in_the_status_every_second_and_in_the_log_every_ten() {
        TestClock clock = new TestClock(Instant.parse("2026-12-01T08:00:00Z"));
        try (TestConnectorContext context = new TestConnectorContext("lab", "source", clock, tmp)) {
            IngestReport report = new IngestReport(context);
            FileProgress progress = FileProgress.start(new ListedFile("big.csv", 27_000_000, 0), "f");
            report.accept(progress); // the first batch's progress as it is taken up: nothing to say yet

            for (int batch = 1; batch <= 30; batch++) {
                clock.advance(Duration.ofMillis(500));
                progress = progress.advance(new Position(batch * 450_000L, batch * 500L + 1), 500, false);
                report.accept(progress);
            }
            assertThat(context.statuses()).hasSize(15).last().asString()
                    .isEqualTo("OK: reading big.csv: 15000 records stored, 50 % of 27.0 MB");
            assertThat(context.logLines()).hasSize(1).first().asString().contains("big.csv: 10000 records stored, 33 % of 27.0 MB so far (10 s)");

            report.accept(progress.advance(new Position(27_000_000, 60_001), 15_000, true));
            assertThat(context.statuses()).last().asString().isEqualTo("OK: ");
        }
    }

    @Test
    void a_file_read_within_a_second_says_nothing_here() {
        TestClock clock = new TestClock(Instant.parse("2026-12-01T08:00:00Z"));
        try (TestConnectorContext context = new TestConnectorContext("lab", "source", clock, tmp)) {
            IngestReport report = new IngestReport(context);
            FileProgress progress = FileProgress.start(new ListedFile("small.csv", 900, 0), "f");
            report.accept(progress.advance(new Position(450, 6), 5, false));
            clock.advance(Duration.ofMillis(300));
            report.accept(progress.advance(new Position(900, 11), 10, true));
            assertThat(context.statuses()).isEmpty();
            assertThat(context.logLines()).isEmpty();
        }
    }
}
