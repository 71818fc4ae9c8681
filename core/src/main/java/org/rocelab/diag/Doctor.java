package org.rocelab.diag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.rocelab.scenario.Scenario;

/**
 * Runs every check on a scenario and its run's outputs and ranks the findings so that causes
 * come before their symptoms: configuration (tier 0) before causes seen in the run (tier 1:
 * a stalled receiver's storm, a bad optic, over-marking, an ECMP collision) before symptoms
 * (tier 2: loss, retransmissions, deadlock stalls, watchdog drops); within a tier, worse
 * severity first, then check order.
 */
public final class Doctor {
    private static final List<Check> CHECKS = List.of(
            new ConfigCheck(),
            new HeadroomCheck(),
            new BufferCycleCheck(),
            new SpeedCheck(),
            new PfcStormCheck(),
            new PhyCheck(),
            new EcmpPolarizationCheck(),
            new EcmpCheck(),
            new EcnCheck(),
            new DcqcnSawtoothCheck(),
            new DeadlockCheck(),
            new LossCheck(),
            new CqOverrunCheck(),
            new RnrCheck(),
            new RetransmissionCheck(),
            new VictimCheck(),
            new StallCheck());

    private Doctor() {}

    /** Diagnoses the run in {@code run} of scenario {@code s}. */
    public static Diagnosis diagnose(Scenario s, RunOutputs run) {
        DiagInput in = new DiagInput(s, run);
        List<Diagnosis.CheckResult> table = new ArrayList<>();
        List<Finding> all = new ArrayList<>();
        for (Check c : CHECKS) {
            Findings f = new Findings();
            c.run(in, f);
            List<Finding> found = f.all();
            table.add(new Diagnosis.CheckResult(c.name(), c.isStatic(), found));
            all.addAll(found);
        }
        Findings merged = new Findings();
        for (Finding f : all) {
            merged.add(f);
        }
        List<Finding> ranked = new ArrayList<>(merged.all());
        ranked.sort(Comparator.comparingInt(Finding::tier)
                .thenComparingInt(f -> f.severity().ordinal()));
        return new Diagnosis(s.name(), table, ranked);
    }
}
