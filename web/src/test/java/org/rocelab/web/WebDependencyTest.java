package org.rocelab.web;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The web module reads records, never the running model (docs/architecture.md): it sees a run
 * through {@code stats} (the immutable {@code LiveSnapshot}, {@code CounterTable}) and output files,
 * so no HTTP thread can touch simulation state; and nothing of the command line.
 */
class WebDependencyTest {
    private static final JavaClasses WEB = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.rocelab.web");

    @Test
    void theServerNeverReachesIntoTheModel() {
        noClasses()
                .that()
                .resideInAPackage("org.rocelab.web..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.rocelab.sim..",
                        "org.rocelab.packet..",
                        "org.rocelab.link..",
                        "org.rocelab.nic..",
                        "org.rocelab.rc..",
                        "org.rocelab.cc..",
                        "org.rocelab.sw..",
                        "org.rocelab.topo..",
                        "org.rocelab.workload..",
                        "org.rocelab.run..",
                        "org.rocelab.scenario..",
                        "org.rocelab.cli..")
                .check(WEB);
    }
}
