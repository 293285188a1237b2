package io.ductus.project;

import io.ductus.core.project.ProjectShapes;
import io.ductus.core.project.shape.ConnectorBlock;
import io.ductus.core.project.shape.NamedEntries;
import io.ductus.core.project.shape.Section;
import io.ductus.core.project.shape.Setting;
import io.ductus.core.project.shape.Shape;
import java.util.List;

/**
 * docs/configuration.md, generated from {@link ProjectShapes} so the reference lists exactly the keys
 * validation accepts. A test fails when the checked-in file differs; it says how to regenerate it.
 */
public final class ConfigurationReference {

    /** A complete ductus.yaml, shown in the reference and checked by the tests. */
    public static final String DUCTUS_EXAMPLE = """
            api:
              listen: 127.0.0.1:7700
            database: sqlite:data/ductus.db        # or postgres://user@host:5432/db
            time_zone: Europe/Berlin
            retention: 7w                          # interfaces that do not say keep 49 days
            audit: { keep: 6y }
            alerts:
              smtp: { host: smtp.example.org, user: ductus, password: "${secret:SMTP_PASSWORD}", from: ductus@example.org }
              channels:
                oncall: { type: email, to: [oncall@example.org] }
                ops: { type: webhook, url: "${secret:SLACK_WEBHOOK_URL}", format: slack }
              rules:
                feeds-down:
                  states: [stopped, stalled, silent]
                  severity: critical
                  notify: [oncall, owner]
                  hold: 2m
                  remind: 1h
                  escalate: { after: 30m, notify: [ops] }
                everything-else:
                  states: [error, behind]
                  notify: ops
              quiet_hours: { hours: "22:00-07:00", allow: [critical] }
            """;

    /** A complete resources.yaml. */
    public static final String RESOURCES_EXAMPLE = """
            databases:
              patients:
                url: postgresql://db.example.org:5432/patients
                user: ductus
                password: ${secret:PATIENT_DB_PASSWORD}
                max_connections: 4
            """;

    /** An interface with two destinations and a route. */
    public static final String INTERFACE_EXAMPLE = """
            source: { type: mllp, listen: 127.0.0.1:6661 }
            format: hl7
            durability: strict
            ordering: { key: PID-3.1, partitions: 8 }
            dedupe: MSH-10
            owner: adt-team@example.org
            retention: 3w                        # 21 days; pending messages stay until delivered
            quarantined: keep
            monitor:
              active_within: { every: 30m, hours: "07:00-19:00", days: mon-fri }
              active_by: { daily: "06:30" }      # the night's batch by half past six
              behind: { waiting: 500, age: 10m }
            destinations:
              archive:
                type: file
                path: "out/{MSH-10}-{id}.hl7"
              lab:
                type: mllp
                connect: 127.0.0.1:7001
                transform: toLab                 # exported by transform.js
                retry: { max_attempts: 20 }
                save_output: true
              audit:
                interface: audit                 # a route: stored as a message of interfaces/audit
            """;

    /** The interface the example routes to. */
    public static final String ROUTE_TARGET_EXAMPLE = """
            source: internal
            format: hl7
            destinations:
              archive: { type: file, path: "audit/{id}.hl7" }
            """;

    private ConfigurationReference() {
    }

    public static String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Configuration reference\n\n")
                .append("<!-- Generated from io.ductus.core.project.ProjectShapes by io.ductus.project.ConfigurationReference.\n")
                .append("     Do not edit: change the shapes, then run the ductus-project tests with -Dductus.docs.write=true. -->\n\n")
                .append("A project is a folder:\n\n```\n")
                .append("ductus.yaml                      engine-wide settings (optional)\n")
                .append("resources.yaml                   named connections (optional)\n")
                .append("interfaces/<name>/interface.yaml one interface per folder\n")
                .append("interfaces/<name>/transform.js   its code (ES module)\n")
                .append("secrets/<env>.json               encrypted secrets, referenced as ${secret:NAME}\n```\n\n")
                .append("`ductus validate --project DIR` checks every file and prints each problem as ")
                .append("`path:line:column: field: message`. JSON Schemas of the three files are in the distribution's ")
                .append("`schemas/` folder for editors (for example with the YAML language server: ")
                .append("`# yaml-language-server: $schema=…/schemas/interface.schema.json`).\n\n")
                .append("Credentials are never written in these files: write `${secret:NAME}` where a password goes ")
                .append("(in resources.yaml, and in any text setting of a connector, such as a header line; the engine ")
                .append("puts the value in when the interface starts).\n");
        file(md, ProjectShapes.DUCTUS_FILE, "The engine-wide settings at the project's root. Every key is optional.",
                ProjectShapes.DUCTUS, DUCTUS_EXAMPLE);
        file(md, ProjectShapes.RESOURCES_FILE, "Named connections that interface code and destinations use by name.",
                ProjectShapes.RESOURCES, RESOURCES_EXAMPLE);
        file(md, "interfaces/<name>/" + ProjectShapes.INTERFACE_FILE,
                "One interface. The folder name is the interface's name (" + NamedEntries.NAME_RULE + ").",
                ProjectShapes.INTERFACE, INTERFACE_EXAMPLE);
        md.append("\nThe route target of the example, `interfaces/audit/interface.yaml`:\n\n```yaml\n")
                .append(ROUTE_TARGET_EXAMPLE).append("```\n\n")
                .append("A destination with `interface: NAME` (a route; `type: interface` is implied) stores its output as a new message of the named interface, ")
                .append("which must have `source: internal` and read the format the destination outputs; routes may not form a loop ")
                .append("(see [connectors/routes.md](connectors/routes.md)). A destination of `type: database` writes rows to a ")
                .append("database of resources.yaml, and a source of `type: database` reads new rows from one, each as a JSON ")
                .append("message ([connectors/database.md](connectors/database.md)).\n\n")
                .append("Connector settings (such as `listen`, `connect` and `path` above) belong to the connector type; ")
                .append("`ductus validate` checks them against the installed types' schemas, and each connector documents its own.\n");
        return md.toString();
    }

    private static void file(StringBuilder md, String name, String intro, Section shape, String example) {
        md.append("\n## ").append(name).append("\n\n").append(intro).append("\n\n```yaml\n").append(example).append("```\n\n")
                .append("| key | value | default | meaning |\n|---|---|---|---|\n");
        rows(md, "", shape.settings());
    }

    private static void rows(StringBuilder md, String prefix, List<Setting> settings) {
        for (Setting setting : settings) {
            String key = prefix + setting.key();
            Shape shape = setting.shape();
            String value = switch (shape) {
                case Section section -> "mapping";
                case NamedEntries entries -> "mapping of " + entries.what() + " names";
                case ConnectorBlock block -> "mapping: `type` and settings" + block.shortcut().map(s -> ", or `" + s + "`").orElse("");
                default -> shape.expected();
            };
            String fallback = setting.required() ? "required"
                    : setting.defaultValue() != null ? "`" + setting.defaultValue() + "`"
                    : setting.defaultNote().isEmpty() ? "—" : cell(setting.defaultNote());
            md.append("| `").append(key).append("` | ").append(cell(value)).append(" | ").append(fallback).append(" | ")
                    .append(cell(setting.description()))
                    .append(setting.example().isEmpty() ? "" : " Example: `" + setting.example() + "`").append(" |\n");
            switch (shape) {
                case Section section -> rows(md, key + ".", section.settings());
                case NamedEntries entries -> entryRows(md, key + ".<name>.", entries.entry());
                case ConnectorBlock block -> connectorRows(md, key + ".", block);
                default -> { }
            }
        }
    }

    private static void entryRows(StringBuilder md, String prefix, Shape entry) {
        switch (entry) {
            case Section section -> rows(md, prefix, section.settings());
            case ConnectorBlock block -> connectorRows(md, prefix, block);
            default -> { }
        }
    }

    private static void connectorRows(StringBuilder md, String prefix, ConnectorBlock block) {
        md.append("| `").append(prefix).append("type` | connector type name | required | The ").append(block.roleName())
                .append("'s connector type, such as `mllp`, `http` or `file`")
                .append(block.roleName().equals("destination")
                        ? "; `interface` routes to another interface (setting `interface: <name>`), `database` writes rows to a resources.yaml database"
                        : "")
                .append(". |\n");
        rows(md, prefix, block.engineSettings());
        md.append("| `").append(prefix).append("<setting>` | per connector type | per setting | The connector type's own settings. |\n");
    }

    private static String cell(String text) {
        // Prose cells only: "<path>" outside a code span would be read as an HTML tag.
        return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }
}
