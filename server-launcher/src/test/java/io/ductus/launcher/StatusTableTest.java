package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class StatusTableTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void shows_a_row_per_destination_then_what_is_not_ok() throws Exception {
        String answer = """
                {"draining": false, "interfaces": [
                  {"name": "adt-in", "state": "running", "health": {"state": "paused", "reason": "destination lab: paused by an operator; messages wait"},
                   "destinations": [
                     {"name": "archive", "paused": false, "pending": 0, "quarantined": 2, "health": {"state": "error", "reason": "2 message(s) quarantined"}},
                     {"name": "lab", "paused": true, "pending": 1250, "quarantined": 0, "health": {"state": "paused", "reason": "paused"}}]},
                  {"name": "orders", "state": "stopped", "reason": "waiting for connector type 'sftp'",
                   "health": {"state": "stopped", "reason": "waiting for connector type 'sftp'"},
                   "destinations": [{"name": "erp", "paused": false, "pending": 0, "quarantined": 0, "health": {"state": "stopped", "reason": "x"}}]}]}
                """;

        assertThat(StatusTable.render(JSON.readTree(answer))).isEqualTo("""
                INTERFACE  DESTINATION  STATE    PENDING  QUARANTINED  HEALTH
                adt-in     archive      running        0            2  error
                adt-in     lab          paused      1250            0  paused
                orders     erp          stopped        0            0  stopped

                adt-in: paused — destination lab: paused by an operator; messages wait
                orders: stopped — waiting for connector type 'sftp'
                """);
    }

    @Test
    void says_when_the_engine_drains_or_has_no_interfaces() throws Exception {
        assertThat(StatusTable.render(JSON.readTree("{\"draining\": true, \"interfaces\": []}")))
                .isEqualTo("draining: no source takes input (ductus drain --status)\nno interfaces\n");
    }
}
