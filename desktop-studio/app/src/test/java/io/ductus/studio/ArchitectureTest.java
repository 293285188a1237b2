package io.ductus.studio;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The studio's layers: View → ViewModel → client API → REST. View models hold state and commands but no
 * control (they are tested without a screen), never reach the network but through {@code DuctusApi} on a
 * background task, and never touch the FX thread themselves; views hold no REST client.
 */
class ArchitectureTest {

    private static final JavaClasses STUDIO = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.ductus.studio");

    @Test
    void view_models_build_no_controls_and_know_no_view() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel").should().dependOnClassesThat()
                .resideInAnyPackage("javafx.scene..", "javafx.stage..", "org.controlsfx..", "atlantafx..", "org.fxmisc..", "org.kordamp..")
                .orShould().dependOnClassesThat().haveSimpleNameEndingWith("View").check(STUDIO);
    }

    @Test
    void nothing_but_the_task_executor_and_the_application_hands_work_to_the_fx_thread() {
        noClasses().that().doNotHaveFullyQualifiedName("io.ductus.studio.task.FxTaskExecutor")
                .and().doNotHaveFullyQualifiedName("io.ductus.studio.StudioApp")
                .should().callMethod(javafx.application.Platform.class, "runLater", Runnable.class).check(STUDIO);
    }

    @Test
    void screens_reach_the_engine_only_through_the_api_interface_never_the_http_client() {
        noClasses().that().resideOutsideOfPackage("io.ductus.studio.connect").should().dependOnClassesThat()
                .haveFullyQualifiedName("io.ductus.client.DuctusClient").check(STUDIO);
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.net.http..").check(STUDIO);
    }

    @Test
    void views_hold_no_client() {
        classes().that().haveSimpleNameEndingWith("View").should().onlyDependOnClassesThat()
                .resideOutsideOfPackages("io.ductus.client.events..").check(STUDIO);
        noClasses().that().haveSimpleNameEndingWith("View").should().dependOnClassesThat()
                .haveFullyQualifiedName("io.ductus.client.DuctusApi").check(STUDIO);
    }

    @Test
    void hl7_is_read_by_the_formats_parser_through_one_class() {
        // One parser for the product (ductus-formats): the studio reads messages through Hl7TreeReader alone,
        // and has no engine core on its class path to reach for another.
        noClasses().that().doNotHaveFullyQualifiedName("io.ductus.studio.hl7.Hl7TreeReader").should().dependOnClassesThat()
                .haveFullyQualifiedName("io.ductus.format.hl7.Hl7Message").check(STUDIO);
        noClasses().should().dependOnClassesThat().resideInAPackage("io.ductus.core..").check(STUDIO);
    }
}
