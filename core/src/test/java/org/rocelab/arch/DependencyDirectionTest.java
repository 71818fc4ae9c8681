package org.rocelab.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * DESIGN.md §1: dependencies point one way. {@code sim} depends on nothing; packets, links and
 * congestion control do not know switches, NICs or scenarios; {@code stats} (counters, samplers,
 * writers) sits below the devices that fill it; {@code wire} is never used by the model on the
 * hot path.
 */
class DependencyDirectionTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.rocelab");

    @Test
    void simDependsOnNothingOfTheModel() {
        noClasses()
                .that()
                .resideInAPackage("org.rocelab.sim..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages("org.rocelab.sim..", "java..")
                .check(CORE);
    }

    @Test
    void packetLinkAndCcStayBelowDevices() {
        noClasses()
                .that()
                .resideInAnyPackage("org.rocelab.packet..", "org.rocelab.link..", "org.rocelab.cc..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.rocelab.nic..",
                        "org.rocelab.sw..",
                        "org.rocelab.rc..",
                        "org.rocelab.topo..",
                        "org.rocelab.workload..",
                        "org.rocelab.scenario..",
                        "org.rocelab.diag..",
                        "org.rocelab.compat..",
                        "org.rocelab.run..")
                .check(CORE);
    }

    @Test
    void statsSitsBelowTheDevices() {
        noClasses()
                .that()
                .resideInAPackage("org.rocelab.stats..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.rocelab.nic..",
                        "org.rocelab.sw..",
                        "org.rocelab.rc..",
                        "org.rocelab.link..",
                        "org.rocelab.topo..",
                        "org.rocelab.workload..",
                        "org.rocelab.scenario..",
                        "org.rocelab.diag..",
                        "org.rocelab.compat..",
                        "org.rocelab.run..")
                .check(CORE);
    }

    @Test
    void devicesDoNotKnowScenarios() {
        noClasses()
                .that()
                .resideInAnyPackage("org.rocelab.nic..", "org.rocelab.sw..", "org.rocelab.rc..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.rocelab.scenario..",
                        "org.rocelab.topo..",
                        "org.rocelab.workload..",
                        "org.rocelab.diag..",
                        "org.rocelab.compat..")
                .check(CORE);
    }

    /**
     * Workloads drive hosts through the {@link org.rocelab.workload.Endpoints} view (NICs, graph,
     * event loop); the run that builds the fabric and starts them sits above, so {@code workload}
     * never imports {@code run}.
     */
    @Test
    void workloadsSitBelowTheRun() {
        noClasses()
                .that()
                .resideInAPackage("org.rocelab.workload..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.rocelab.run..", "org.rocelab.diag..", "org.rocelab.compat..")
                .check(CORE);
    }

    /**
     * The doctor reads the scenario records and a run's output files, never live devices
     * (DESIGN.md §3b): it uses {@code scenario}, {@code stats} and the address rule of
     * {@code topo}, not NICs, switches, links, transport, congestion control, the event loop or
     * the run that drives them.
     */
    @Test
    void theDoctorReadsRecordsAndOutputsNotDevices() {
        noClasses()
                .that()
                .resideInAPackage("org.rocelab.diag..")
                .should()
                .dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe(
                        "device, transport, event-loop or run classes",
                        (com.tngtech.archunit.core.domain.JavaClass c) -> {
                            String p = c.getPackageName();
                            return p.startsWith("org.rocelab.nic")
                                    || p.startsWith("org.rocelab.sw")
                                    || p.startsWith("org.rocelab.rc")
                                    || p.startsWith("org.rocelab.cc")
                                    || p.startsWith("org.rocelab.packet")
                                    || p.startsWith("org.rocelab.wire")
                                    || p.startsWith("org.rocelab.workload")
                                    || p.startsWith("org.rocelab.run")
                                    || p.startsWith("org.rocelab.compat")
                                    || p.startsWith("org.rocelab.link")
                                            && !c.getSimpleName().equals("FecMode")
                                    || p.startsWith("org.rocelab.sim")
                                            && !c.getSimpleName().equals("Units")
                                    || p.startsWith("org.rocelab.topo")
                                            && !c.getSimpleName().equals("Addressing");
                        }))
                .check(CORE);
    }

    @Test
    void theModelNeverSerialisesOnTheHotPath() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "org.rocelab.nic..",
                        "org.rocelab.sw..",
                        "org.rocelab.rc..",
                        "org.rocelab.link..",
                        "org.rocelab.cc..",
                        "org.rocelab.sim..",
                        "org.rocelab.packet..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.rocelab.wire..")
                .check(CORE);
    }

    /** Gear import/export (compat.sonic, compat.mlx5) writes scenarios; the model never reads gear files. */
    @Test
    void theModelDoesNotKnowGearFormats() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "org.rocelab.scenario..",
                        "org.rocelab.run..",
                        "org.rocelab.nic..",
                        "org.rocelab.sw..",
                        "org.rocelab.topo..",
                        "org.rocelab.stats..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.rocelab.compat.sonic..", "org.rocelab.compat.mlx5..")
                .check(CORE);
    }
}
