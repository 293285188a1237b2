package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The distribution folder has the layout operators and scripts rely on. */
class DistributionIT {

    private final Path dist = DuctusProcess.distribution();

    @Test
    void has_the_documented_layout_and_an_archive_beside_it() {
        for (String part : List.of("bin/ductus", "lib", "bundles", "plugins", "examples/quickstart/ductus.yaml")) {
            assertThat(dist.resolve(part)).as(part).exists();
        }
        assertThat(dist.resolve("bin/ductus")).isExecutable();
        assertThat(dist.resolveSibling("ductus.tar.gz")).isRegularFile();
    }

    @Test
    void runs_javascript_on_graaljs_with_the_optimizing_compiler_when_asked_and_on_the_interpreter_otherwise() throws Exception {
        assertThat(version(true)).contains("JavaScript: GraalJS " + Distribution.graalVersion() + " (optimizing runtime)")
                .doesNotContain("fallback");
        assertThat(version(false)).contains("JavaScript: GraalJS " + Distribution.graalVersion() + " (interpreter;")
                .doesNotContain("fallback").doesNotContain("WARN");
    }

    private String version(boolean optimizing) throws Exception {
        ProcessBuilder version = new ProcessBuilder(dist.resolve("bin/ductus").toString(), "version").redirectErrorStream(true);
        version.environment().put("JAVA_HOME", System.getProperty("java.home"));
        version.environment().put("DUCTUS_OPTIMIZING", Boolean.toString(optimizing));
        Process p = version.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void the_short_commands_start_from_the_start_up_cache_the_build_made() throws Exception {
        assertThat(dist.resolve("lib/ductus.aot")).as("made by the build on Java 25").isRegularFile();
        Path tmp = Files.createTempDirectory("ductus-aot-it");
        ProcessBuilder validate = new ProcessBuilder(dist.resolve("bin/ductus").toString(), "validate", "--project",
                dist.resolve("examples/quickstart").toString()).directory(tmp.toFile()).redirectErrorStream(true);
        validate.environment().put("JAVA_HOME", System.getProperty("java.home"));
        validate.environment().put("JAVA_OPTS", "-Xlog:aot=info");
        Process p = validate.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).contains("Opened AOT cache " + dist.resolve("lib/ductus.aot")).doesNotContain("[error]");
    }

    @Test
    void the_engine_runs_the_optimizing_compiler_on_its_own_runtime_from_its_start_up_cache() throws Exception {
        assertThat(dist.resolve("runtime/bin/java")).as("linked by the build on Java 25").isExecutable();
        assertThat(dist.resolve("lib/serve.aot")).as("recorded by the build from an engine's start").isRegularFile();
        ProcessBuilder version = new ProcessBuilder(dist.resolve("bin/ductus").toString(), "version").redirectErrorStream(true);
        version.environment().put("JAVA_HOME", System.getProperty("java.home"));
        version.environment().put("JAVA_OPTS", "-Xlog:aot=info");
        Process p = version.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).contains("Opened AOT cache " + dist.resolve("lib/serve.aot")).contains("(optimizing runtime)")
                .doesNotContain("[error]");
        // Without the runtime (DUCTUS_RUNTIME=jdk, or an archive unpacked before `ductus aot-cache`): the JDK, the
        // compiler on the upgrade module path, no cache, and still the optimizing runtime.
        version.environment().put("DUCTUS_RUNTIME", "jdk");
        p = version.start();
        out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).contains("(optimizing runtime)").doesNotContain("Opened AOT cache");
    }

    @Test
    void test_runs_the_quickstarts_tests_on_the_interpreter_without_a_warning() throws Exception {
        try (DuctusProcess ductus = DuctusProcess.start(Files.createTempDirectory("ductus-test-it"), "test", "--project",
                dist.resolve("examples/quickstart").toString())) {
            assertThat(ductus.awaitExit(java.time.Duration.ofSeconds(120))).isZero();
            assertThat(ductus.stdoutLines()).contains("interfaces/adt-in/tests/patient-index.test.js")
                    .anyMatch(line -> line.matches("Tests: [1-9]\\d* passed, 0 failed \\(1 file, \\d+ ms\\)"));
            assertThat(ductus.stderr()).as("no warning such as the interpreter's").isEmpty();
        }
    }

    @Test
    void validate_checks_connector_settings_with_the_installed_types() throws Exception {
        Path tmp = Files.createTempDirectory("ductus-validate-it");
        Path iface = Files.createDirectories(tmp.resolve("project/interfaces/adt"));
        Files.writeString(iface.resolve("interface.yaml"), """
                source: { type: mllp, listen: nowhere }
                format: hl7
                destinations:
                  lab: { type: console }
                """);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "validate", "--project", tmp.resolve("project").toString(),
                "--plugins", tmp.resolve("no-plugins").toString())) {
            assertThat(ductus.awaitExit(java.time.Duration.ofSeconds(60))).isEqualTo(1);
            assertThat(ductus.stdoutLines()).contains(
                    "interfaces/adt/interface.yaml:1:31: source.listen: expected host:port, got 'nowhere'",
                    "2 problem(s) in " + tmp.resolve("project"));
            assertThat(String.join("\n", ductus.stdoutLines())).contains("destinations.lab.type: unknown destination type 'console'");
        }
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Files.copy(Path.of(System.getProperty("ductus.example.plugin")), plugins.resolve("console-connector.jar"));
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "validate", "--project", tmp.resolve("project").toString(),
                "--plugins", plugins.toString())) {
            assertThat(ductus.awaitExit(java.time.Duration.ofSeconds(60))).isEqualTo(1);
            assertThat(ductus.stdoutLines()).contains("1 problem(s) in " + tmp.resolve("project"));
            assertThat(ductus.stderr()).isEmpty();
        }
    }

    @Test
    void validate_asks_the_source_connector_whether_an_interface_may_go_without_destinations() throws Exception {
        Path tmp = Files.createTempDirectory("ductus-validate-it");
        Files.writeString(Files.createDirectories(tmp.resolve("project/interfaces/forgotten")).resolve("interface.yaml"), """
                source: { type: http, listen: 127.0.0.1:0, path: /orders }
                format: json
                """);
        Files.writeString(Files.createDirectories(tmp.resolve("project/interfaces/lookup")).resolve("interface.yaml"), """
                source: { type: http, listen: 127.0.0.1:0, path: /patients, respond: true }
                format: json
                """);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "validate", "--project", tmp.resolve("project").toString(),
                "--plugins", tmp.resolve("no-plugins").toString())) {
            assertThat(ductus.awaitExit(java.time.Duration.ofSeconds(60))).isEqualTo(1);
            assertThat(ductus.stdoutLines()).contains("2 problem(s) in " + tmp.resolve("project"),
                    // as the start would find: respond mode answers with the code, and there is none
                    "interfaces/lookup/interface.yaml:1:9: source: answers each request with the code's transform(msg, meta), but"
                            + " the interface has no transform.js");
            assertThat(ductus.stdoutLines()).anySatisfy(line -> assertThat(line)
                    .startsWith("interfaces/forgotten/interface.yaml:1:9: destinations: none given").contains("respond: true"));
        }
    }

    @Test
    void validate_loads_each_interfaces_code_and_runs_each_connectors_own_checks() throws Exception {
        Path tmp = Files.createTempDirectory("ductus-validate-it");
        Path project = tmp.resolve("project");
        String archive = "source: internal\nformat: hl7\ndestinations:\n  archive: { type: file, path: \"out/{id}.hl7\" }\n";
        write(project, "interfaces/syntax/interface.yaml", archive);
        write(project, "interfaces/syntax/transform.js", "export function transform(msg) {\n  return msg +;\n}\n");
        write(project, "interfaces/imports/interface.yaml", archive);
        write(project, "interfaces/imports/transform.js", "import { codes } from './codes.js';\nexport const transform = (m) => m;\n");
        write(project, "interfaces/named/interface.yaml", archive.replace("}", ", transform: toLab }"));
        write(project, "interfaces/named/transform.js", "export function transform(msg) { return msg; }\n");
        write(project, "interfaces/files/interface.yaml", archive.replace("out/{id}.hl7", "out/{MSH-10"));
        write(project, "interfaces/partner/interface.yaml", """
                source: internal
                format: hl7
                destinations:
                  lab: { type: sftp, connect: sftp.example.org:22, user: ductus, password: hunter2, path: "in/{id}.hl7" }
                """);
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "validate", "--project", project.toString(),
                "--plugins", tmp.resolve("no-plugins").toString())) {
            assertThat(ductus.awaitExit(java.time.Duration.ofSeconds(60))).isEqualTo(1);
            List<String> out = ductus.stdoutLines();
            assertThat(out).contains(
                    "interfaces/imports/transform.js:1:1: cannot find the module interfaces/imports/codes.js",
                    "interfaces/named/interface.yaml:4:79: destinations.archive.transform: transform.js exports no function 'toLab'"
                            + " (it exports transform)",
                    "interfaces/syntax/transform.js:2:14: SyntaxError: Expected an operand but found ;");
            assertThat(out).anySatisfy(line -> assertThat(line).startsWith("interfaces/files/interface.yaml:4:").contains("destinations.archive.path"));
            assertThat(out).anySatisfy(line -> assertThat(line).startsWith("interfaces/partner/interface.yaml:4:")
                    .contains("destinations.lab.known_hosts: required"));
            assertThat(out).anySatisfy(line -> assertThat(line).startsWith("interfaces/partner/interface.yaml:4:")
                    .contains("destinations.lab.password: write a reference to the encrypted secrets file"));
            assertThat(ductus.stderr()).isEmpty();
        }
    }

    private static void write(Path project, String file, String text) throws IOException {
        Path path = project.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    @Test
    void every_jar_in_bundles_is_an_osgi_bundle() throws IOException {
        try (Stream<Path> jars = Files.list(dist.resolve("bundles"))) {
            assertThat(jars.toList()).isNotEmpty().allSatisfy(jar -> {
                try (JarFile jf = new JarFile(jar.toFile())) {
                    assertThat(jf.getManifest().getMainAttributes().getValue("Bundle-SymbolicName"))
                            .as(jar.getFileName().toString()).isNotBlank();
                }
            });
        }
    }
}
