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
    void the_hl7_seam_is_one_adapter_over_the_core_parser() {
        noClasses().that().doNotHaveFullyQualifiedName("io.ductus.studio.hl7.CoreHl7TreeReader").should().dependOnClassesThat()
                .resideInAPackage("io.ductus.core.hl7..").check(STUDIO);
    }
}
