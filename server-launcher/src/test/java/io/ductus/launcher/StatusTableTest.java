package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.DuctusClient;
import io.ductus.client.model.InterfaceList;
import org.junit.jupiter.api.Test;

class StatusTableTest {

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

        assertThat(StatusTable.render(DuctusClient.JSON.readValue(answer, InterfaceList.class))).isEqualTo("""
                INTERFACE  DESTINATION  STATE    PENDING  QUARANTINED  HEALTH
                adt-in     archive      running        0            2  error
                adt-in     lab          paused      1250            0  paused
                orders     erp          stopped        0            0  stopped

                adt-in: paused — destination lab: paused by an operator; messages wait
                adt-in/archive: error — 2 message(s) quarantined
                orders: stopped — waiting for connector type 'sftp'
                """);
    }

    @Test
    void a_backlog_shows_its_cause_and_where_it_is_going() throws Exception {
        String answer = """
                {"draining": false, "interfaces": [
                  {"name": "adt", "state": "running", "health": {"state": "behind", "reason": "destination lab: 900 waiting"},
                   "destinations": [
                     {"name": "lab", "paused": false, "pending": 900, "quarantined": 0,
                      "health": {"state": "behind", "reason": "900 waiting (behind from 500); a burst: 60/min arriving against 10/min usual",
                                 "trend": {"direction": "catching_up", "inPerMinute": 60.0, "outPerMinute": 240.0, "etaSeconds": 300}}},
                     {"name": "archive", "paused": false, "pending": 700, "quarantined": 0,
                      "health": {"state": "stalled", "reason": "700 waiting, the oldest for 4 min; nothing finished for 4 min",
                                 "trend": {"direction": "falling_behind", "inPerMinute": 60.0, "outPerMinute": 0.0, "etaSeconds": null}}}]}]}
                """;
        assertThat(StatusTable.render(DuctusClient.JSON.readValue(answer, InterfaceList.class))).endsWith("""
                adt/lab: behind — 900 waiting (behind from 500); a burst: 60/min arriving against 10/min usual; catching up, done in about 5 min
                adt/archive: stalled — 700 waiting, the oldest for 4 min; nothing finished for 4 min; falling behind (60.0/min in, 0.0/min out)
                """);
    }

    @Test
    void says_when_the_engine_drains_or_has_no_interfaces() throws Exception {
        assertThat(StatusTable.render(DuctusClient.JSON.readValue("{\"draining\": true, \"interfaces\": []}", InterfaceList.class)))
                .isEqualTo("draining: no source takes input (ductus drain --status)\nno interfaces\n");
    }

    @Test
    void lists_an_interface_that_is_not_loaded_with_every_problem_and_one_that_is_not_listening() throws Exception {
        String answer = """
                {"draining": false, "interfaces": [
                  {"name": "adt-in", "state": "not listening", "reason": "address in use: cannot listen on 127.0.0.1:6661",
                   "health": {"state": "error", "reason": "source: failed: cannot listen on 127.0.0.1:6661"}, "problems": [],
                   "destinations": [{"name": "archive", "paused": false, "pending": 3, "quarantined": 0, "health": {"state": "ok"}}]},
                  {"name": "broken", "state": "not loaded", "reason": "2 problem(s)", "health": {"state": "stopped", "reason": "2 problem(s)"},
                   "destinations": [], "problems": ["interfaces/broken/interface.yaml:2:9: format: expected one of hl7, json, xml, csv, text, got 'hl8'",
                     "interfaces/broken/transform.js:3:1: cannot find the module interfaces/broken/codes.js"]}]}
                """;
        assertThat(StatusTable.render(DuctusClient.JSON.readValue(answer, InterfaceList.class))).isEqualTo("""
                INTERFACE  DESTINATION  STATE          PENDING  QUARANTINED  HEALTH
                adt-in     archive      not listening        3            0  ok
                broken     -            not loaded                           stopped

                adt-in: error — source: failed: cannot listen on 127.0.0.1:6661
                broken: not loaded, 2 problem(s) in its files:
                  interfaces/broken/interface.yaml:2:9: format: expected one of hl7, json, xml, csv, text, got 'hl8'
                  interfaces/broken/transform.js:3:1: cannot find the module interfaces/broken/codes.js
                """);
    }
}
