package org.rocelab.rc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The RC transport knows packets, timers and its host interface, never the NIC or the fabric. */
class RcLayeringTest {
    @Test
    void rcDoesNotDependOnNicOrFabric() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.rocelab.rc");
        noClasses()
                .that()
                .resideInAPackage("org.rocelab.rc..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.rocelab.nic..", "org.rocelab.link..", "org.rocelab.sw..", "org.rocelab.cc..")
                .check(classes);
    }
}
