package io.ductus.launcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One home for message formats: nothing outside io.ductus.format parses HL7 or CSV. Checked over every
 * Ductus main class (this module's test class path holds them all): no class outside the formats module
 * reaches into its implementation, holds the text a reader of HL7 headers looks for ({@code "MSH"},
 * {@code "FHS"}, {@code "BHS"} as a segment to find, or a header such as {@code "MSH|"}), or carries a
 * CSV quote state machine (an enum with a QUOTED state).
 */
class FormatsArchitectureTest {

    private static final Set<String> HEADER_SEGMENTS = Set.of("MSH", "FHS", "BHS", "BTS", "FTS");

    private static JavaClasses ductus;

    @BeforeAll
    static void importDuctus() {
        ductus = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/test-classes/") && !location.contains("-tests.jar"))
                .importPackages("io.ductus");
    }

    @Test
    void the_import_sees_every_module() {
        assertThat(ductus.stream().map(JavaClass::getPackageName).distinct()).contains("io.ductus.format.hl7",
                "io.ductus.sdk.hl7", "io.ductus.core.lane", "io.ductus.engine.runtime", "io.ductus.script",
                "io.ductus.connector.mllp", "io.ductus.connector.file", "io.ductus.launcher");
    }

    @Test
    void nothing_outside_formats_uses_its_implementation() {
        noClasses().that().resideOutsideOfPackage("io.ductus.format..")
                .should().dependOnClassesThat().resideInAPackage("io.ductus.format.internal..")
                .check(ductus);
    }

    @Test
    void nothing_outside_formats_reads_hl7_headers_itself() {
        noClasses().that().resideOutsideOfPackage("io.ductus.format..")
                .should(holdHl7HeaderText())
                .because("HL7 is read by io.ductus.format.hl7 (Hl7Message, Hl7Header, Hl7Splitter) alone")
                .check(ductus);
    }

    @Test
    void nothing_outside_formats_has_a_csv_state_machine() {
        noClasses().that().resideOutsideOfPackage("io.ductus.format..")
                .should(beACsvQuoteStateMachine())
                .because("CSV is read through io.ductus.format.csv.CsvState alone")
                .check(ductus);
    }

    private static ArchCondition<JavaClass> holdHl7HeaderText() {
        return new ArchCondition<>("hold the text of an HL7 header or batch segment to look for") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                for (String s : stringConstants(c)) {
                    boolean header = HEADER_SEGMENTS.contains(s)
                            || (s.length() >= 4 && HEADER_SEGMENTS.contains(s.substring(0, 3)) && !Character.isLetterOrDigit(s.charAt(3))
                            && s.charAt(3) != '-' && s.charAt(3) != '[' && s.charAt(3) != ' ');
                    if (header) events.add(SimpleConditionEvent.violated(c, c.getName() + " holds \"" + s + "\""));
                }
            }
        };
    }

    private static ArchCondition<JavaClass> beACsvQuoteStateMachine() {
        return new ArchCondition<>("be a CSV quote state machine") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                if (c.isEnum() && c.getEnumConstants().stream().anyMatch(k -> k.name().contains("QUOTED"))) {
                    events.add(SimpleConditionEvent.violated(c, c.getName() + " has the states of a CSV reader"));
                }
            }
        };
    }

    /** The String constants of a class file's constant pool (ArchUnit does not give literals). */
    static List<String> stringConstants(JavaClass c) {
        String resource = c.getName().replace('.', '/') + ".class";
        try (InputStream raw = c.reflect().getClassLoader().getResourceAsStream(resource)) {
            if (raw == null) return List.of();
            DataInputStream in = new DataInputStream(raw);
            in.readInt();
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            List<Integer> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 8 -> strings.add(in.readUnsignedShort());
                    case 7, 16, 19, 20 -> in.readUnsignedShort();
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++;
                    }
                    default -> throw new IOException("constant pool tag " + tag + " in " + resource);
                }
            }
            List<String> constants = new ArrayList<>();
            for (int index : strings) if (utf8[index] != null) constants.add(utf8[index]);
            return constants;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
