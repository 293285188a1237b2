package io.ductus.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The pure core decides; it never does IO, never touches OSGi, JDBC or Netty, and never reads the clock. */
class PureCoreArchitectureTest {

    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.ductus.core");
    }

    @Test
    void core_does_no_io() {
        ArchRule rule = noClasses().that().resideInAPackage("io.ductus.core..")
                .should().dependOnClassesThat().resideInAnyPackage("java.nio.file..", "java.nio.channels..", "java.net.http..")
                .orShould().dependOnClassesThat().haveNameMatching(
                        "java\\.io\\.(File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile)")
                .orShould().dependOnClassesThat().haveNameMatching("java\\.net\\.(Socket|ServerSocket|DatagramSocket|URL|HttpURLConnection).*")
                .because("the pure core takes facts as arguments; the runtime does the IO");
        rule.check(core);
    }

    @Test
    void core_knows_no_osgi_jdbc_netty_or_ui() {
        noClasses().that().resideInAPackage("io.ductus.core..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.osgi..", "java.sql..", "javax.sql..", "io.netty..", "javafx..", "org.graalvm..",
                        "com.zaxxer..", "org.flywaydb..")
                .check(core);
    }

    @Test
    void core_parses_no_yaml_or_json_itself() {
        noClasses().that().resideInAPackage("io.ductus.core..")
                .should().dependOnClassesThat().resideInAnyPackage("com.fasterxml..", "tools.jackson..", "org.yaml..")
                .because("the loader (io.ductus.project) reads files into located node trees; the core only checks them")
                .check(core);
    }

    @Test
    void core_never_reads_the_clock() {
        noClasses().that().resideInAPackage("io.ductus.core..")
                .should().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethod(Instant.class, "now")
                .orShould().callMethod(LocalDate.class, "now")
                .orShould().callMethod(LocalDateTime.class, "now")
                .orShould().callMethod(OffsetDateTime.class, "now")
                .orShould().callMethod(ZonedDateTime.class, "now")
                .orShould().callMethod(Clock.class, "systemUTC")
                .orShould().callMethod(Clock.class, "systemDefaultZone")
                .because("time is an argument: pass Instant now in")
                .check(core);
    }

    @Test
    void core_starts_no_threads() {
        noClasses().that().resideInAPackage("io.ductus.core..")
                .should().dependOnClassesThat().haveFullyQualifiedName(Thread.class.getName())
                .orShould().dependOnClassesThat().resideInAPackage("java.util.concurrent..")
                .check(core);
    }
}
