package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.alert.AlertRule;
import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.alert.Severity;
import io.ductus.core.health.Expectations;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.time.Deadline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** interface.yaml's monitor: and ductus.yaml's alerts: as written, read and refused with file, line and field. */
class MonitorAndAlertsTest {

    @TempDir
    Path project;

    private void write(String file, String text) throws IOException {
        Path path = project.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    private List<String> problems() throws IOException {
        return ProjectLoader.load(project, TestTypes.KNOWN).problems().stream().map(Problem::toString).toList();
    }

    @Test
    void reads_expectations_owner_and_a_destinations_own_behind() throws IOException {
        write("interfaces/adt/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:6661 }
                format: hl7
                owner: lab-team@example.org
                monitor:
                  active_within: { every: 30m, hours: "07:00-19:00", days: mon-fri }
                  active_by: { cron: "30 6 * * mon-fri", from: "04:00" }
                  behind: { waiting: 500, age: 10m }
                destinations:
                  archive: { type: file, path: out }
                  lab:
                    type: file
                    path: lab
                    monitor: { behind: { waiting: 50 } }
                """);
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.problems()).isEmpty();
        InterfaceDefinition adt = loaded.project().interfaces().get("adt");
        assertThat(adt.owner()).contains("lab-team@example.org");
        Expectations e = adt.expectations();
        assertThat(e.activeWithin().orElseThrow().within()).isEqualTo(Duration.ofMinutes(30));
        assertThat(e.activeWithin().orElseThrow().hours().orElseThrow().toString()).isEqualTo("07:00-19:00 on mon,tue,wed,thu,fri");
        assertThat(e.activeBy().orElseThrow().deadline()).isInstanceOf(Deadline.Cron.class);
        assertThat(e.activeBy().orElseThrow().from()).contains(LocalTime.of(4, 0));
        assertThat(adt.behind("archive").orElseThrow().waiting()).isEqualTo(OptionalLong.of(500));
        assertThat(adt.behind("lab").orElseThrow().waiting()).isEqualTo(OptionalLong.of(50));
        assertThat(adt.behind("lab").orElseThrow().age()).isEmpty();
    }

    @Test
    void bad_expectations_name_file_line_and_field() throws IOException {
        write("interfaces/adt/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:6661 }
                format: hl7
                monitor:
                  active_within: { every: soon, hours: "7-19" }
                  active_by: { daily: "06:30", cron: "30 6 * * *" }
                  behind: { }
                destinations:
                  lab:
                    type: file
                    path: lab
                    monitor: { behind: { waiting: 0 } }
                """);
        assertThat(problems()).containsExactlyInAnyOrder(
                "interfaces/adt/interface.yaml:4:27: monitor.active_within.every: expected a duration such as 500ms, 5s, 2m or 1h, got 'soon'",
                "interfaces/adt/interface.yaml:4:40: monitor.active_within.hours: expected a time such as 07:00 in '7-19'",
                "interfaces/adt/interface.yaml:5:14: monitor.active_by: has daily and cron: give one deadline (one of daily, weekly or cron)",
                "interfaces/adt/interface.yaml:6:11: monitor.behind: needs waiting, age or both",
                "interfaces/adt/interface.yaml:11:35: destinations.lab.monitor.behind.waiting: expected a whole number ≥ 1, got 0");
    }

    @Test
    void reads_alerts_with_their_defaults() throws IOException {
        write("ductus.yaml", """
                time_zone: Europe/Berlin
                alerts:
                  smtp: { host: smtp.example.org, user: ductus, password: "${secret:SMTP_PASSWORD}", from: ductus@example.org }
                  channels:
                    oncall: { type: email, to: [oncall@example.org, lead@example.org] }
                    ops: { type: webhook, url: "${secret:SLACK_URL}", format: slack }
                  rules:
                    feeds:
                      states: [stalled, silent]
                      interfaces: adt-*
                      severity: critical
                      notify: [oncall, owner]
                      escalate: { after: 30m, notify: ops }
                    rest:
                      states: error
                      notify: ops
                      hold: 0s
                      remind: 1h
                  quiet_hours: { hours: "22:00-07:00" }
                """);
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.problems()).isEmpty();
        assertThat(loaded.project().settings().timeZone()).contains(ZoneId.of("Europe/Berlin"));
        AlertSettings alerts = loaded.project().settings().alerts();
        assertThat(alerts.smtp().orElseThrow().port()).isEqualTo(587);
        assertThat(alerts.channels().get("oncall").to()).containsExactly("oncall@example.org", "lead@example.org");
        assertThat(alerts.channels().get("ops").format()).isEqualTo(Channel.Format.SLACK);
        AlertRule feeds = alerts.rules().get(0);
        assertThat(feeds.states()).containsExactlyInAnyOrder("stalled", "silent");
        assertThat(feeds.interfaces()).containsExactly("adt-*");
        assertThat(feeds.hold()).isEqualTo(AlertSettings.DEFAULT_HOLD);
        assertThat(feeds.escalate().orElseThrow().severity()).isEqualTo(Severity.CRITICAL);
        assertThat(feeds.escalate().orElseThrow().recipients()).containsExactly("ops");
        AlertRule rest = alerts.rules().get(1);
        assertThat(rest.severity()).isEqualTo(Severity.WARNING);
        assertThat(rest.hold()).isZero();
        assertThat(rest.remind()).contains(Duration.ofHours(1));
        assertThat(alerts.quietHours().orElseThrow().allowed()).containsExactly(Severity.CRITICAL);
        assertThat(alerts.group()).isEqualTo(AlertSettings.DEFAULT_GROUP);
    }

    @Test
    void bad_alerts_name_file_line_and_field() throws IOException {
        write("ductus.yaml", """
                time_zone: Mars/Olympus
                alerts:
                  channels:
                    oncall: { type: email, to: [oncall-at-example.org] }
                    hook: { type: webhook, to: a@example.org }
                  rules:
                    feeds:
                      states: [stalled, broken]
                      notify: [oncall, pager, owner]
                      severity: urgent
                """);
        assertThat(problems()).containsExactlyInAnyOrder(
                "ductus.yaml:1:12: time_zone: unknown time zone 'Mars/Olympus'; use a name of the tz database such as Europe/Berlin or UTC",
                "ductus.yaml:4:33: alerts.channels.oncall.to[0]: expected an email address such as oncall@example.org, got 'oncall-at-example.org'",
                "ductus.yaml:4:13: alerts.channels.oncall: an email channel needs alerts.smtp: the mail server it goes through",
                "ductus.yaml:5:11: alerts.channels.hook.url: required for a webhook channel: where to POST",
                "ductus.yaml:5:28: alerts.channels.hook.to: not a setting of a webhook channel",
                "ductus.yaml:8:25: alerts.rules.feeds.states[1]: expected one of stopped, paused, stalled, error, silent, behind, got 'broken'",
                "ductus.yaml:9:24: alerts.rules.feeds.notify[1]: no channel 'pager' in alerts.channels (it has oncall, hook); owner stands for the interface's owner",
                "ductus.yaml:9:31: alerts.rules.feeds.notify[2]: owner is told by email: it needs alerts.smtp",
                "ductus.yaml:10:17: alerts.rules.feeds.severity: expected one of info, warning, critical, got 'urgent'");
    }
}
