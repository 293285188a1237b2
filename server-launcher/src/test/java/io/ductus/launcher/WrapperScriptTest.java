package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's commands in a fresh shell: JAVA_HOME unset and the java on PATH too old. The Maven wrapper
 * must find the JDK itself, as ./ductus does (both source .ci/java-home).
 */
class WrapperScriptTest {

    /** The module's tests run in server-launcher/. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    void mvnw_finds_a_new_enough_jdk_when_java_home_is_unset_and_the_default_java_is_old() throws Exception {
        String out = run(ROOT.resolve("mvnw").toString(), "-v");
        assertThat(out).contains("Java version: " + Runtime.version().feature());
        assertThat(out).doesNotContain("too old");
    }

    @Test
    void ductus_and_mvnw_find_the_jdk_the_same_way() throws IOException {
        assertThat(Files.readString(ROOT.resolve("mvnw"))).contains(". \"$scriptDir/.ci/java-home\"");
        assertThat(Files.readString(ROOT.resolve("ductus"))).contains("source \"$root/.ci/java-home\"");
    }

    /** Runs the command with only an old java on PATH and this JVM's JDK as the only one installed. */
    private String run(String... command) throws Exception {
        Path oldJava = Files.createDirectories(tmp.resolve("old/bin"));
        for (String tool : new String[] {"java", "javac"}) {
            Path fake = oldJava.resolve(tool);
            Files.writeString(fake, "#!/bin/sh\necho 'openjdk version \"17.0.15\" (too old)' >&2\nexit 1\n");
            Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path jdks = Files.createDirectories(tmp.resolve("jvm"));
        Files.createSymbolicLink(jdks.resolve("the-jdk"), Path.of(System.getProperty("java.home")));
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        builder.environment().remove("JAVA_HOME");
        builder.environment().remove("MAVEN_ARGS");
        builder.environment().put("PATH", oldJava + ":/usr/bin:/bin");
        builder.environment().put("DUCTUS_JDKS", jdks.toString());
        Process p = builder.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
