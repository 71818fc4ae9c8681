package org.rocelab.run;

import java.util.ArrayList;
import java.util.List;
import org.rocelab.cc.CcFactory;
import org.rocelab.nic.Nic;
import org.rocelab.nic.NicConfig;
import org.rocelab.scenario.FaultSpec;
import org.rocelab.scenario.RuntimeKeys;
import org.rocelab.scenario.Scenario;
import org.rocelab.sw.AclRule;
import org.rocelab.sw.EcnProfile;
import org.rocelab.sw.Switch;
import org.rocelab.sw.SwitchConfig;
import org.rocelab.sw.WatchdogConfig;

/**
 * Applies a {@code set} fault to the running fabric (DESIGN.md §3): at {@code at} each listed
 * key ({@link RuntimeKeys}) takes, on every device it names, the value the scenario during the
 * fault gives that device; after {@code for} the value each device had just before comes back.
 * Values go through {@link DeviceConfigs}, the mapping the fabric was built with.
 */
final class LiveSettings {
    /** One setting of one device: reads the live value, writes a new one. */
    private interface Setting {
        Object read();

        void write(Object value);
    }

    private final Fabric fabric;
    private final DeviceConfigs configs;

    LiveSettings(Fabric fabric) {
        this.fabric = fabric;
        this.configs = FabricBuilder.deviceConfigs(fabric.graph());
    }

    /** Schedules {@code f}'s change at its time and its restoration after {@code for}. */
    void schedule(FaultSpec.SetKeys f, org.rocelab.sim.Component c) {
        if (f.during() == null) {
            throw new IllegalArgumentException(
                    "faults: a set fault without its scenario (load it with ScenarioLoader)");
        }
        List<Setting> settings = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (String key : f.set().keySet()) {
            RuntimeKeys.Target t = RuntimeKeys.parse(key);
            if (t == null) {
                throw new IllegalArgumentException(
                        "faults: " + key + " cannot change during a run (keys that can: " + RuntimeKeys.LISTING + ")");
            }
            List<String> devices =
                    t.all() ? (t.isSwitch() ? f.during().switches() : f.during().hosts()) : List.of(t.device());
            for (String d : devices) {
                settings.add(
                        t.isSwitch()
                                ? switchSetting(fabric.sw(d), t.setting())
                                : nicSetting(fabric.nic(d), t.setting()));
                values.add(
                        t.isSwitch() ? switchValue(f.during(), d, t.setting()) : nicValue(f.during(), d, t.setting()));
            }
        }
        Object[] before = new Object[settings.size()];
        fabric.sim()
                .timer(c, now -> {
                    for (int i = 0; i < settings.size(); i++) {
                        before[i] = settings.get(i).read();
                        settings.get(i).write(values.get(i));
                    }
                })
                .scheduleAt(f.atPs());
        if (f.forPs() > 0) {
            fabric.sim()
                    .timer(c, now -> {
                        for (int i = settings.size() - 1; i >= 0; i--) {
                            settings.get(i).write(before[i]);
                        }
                    })
                    .scheduleAt(f.atPs() + f.forPs());
        }
    }

    private static Setting switchSetting(Switch sw, String setting) {
        if (setting.equals("lossless")) {
            return setting(sw::losslessMask, v -> sw.lossless((Integer) v));
        }
        if (setting.equals("buffer.dynamic_th")) {
            return setting(sw::dynamicTh, v -> sw.dynamicTh((Integer) v));
        }
        if (setting.equals("acl")) {
            return setting(() -> rules(sw), v -> sw.acl(castRules(v)));
        }
        if (setting.startsWith("pfc.watchdog")) {
            return setting(sw::watchdog, v -> sw.watchdog((WatchdogConfig) v));
        }
        int tc = RuntimeKeys.ecnTc(setting);
        return setting(() -> sw.ecn(tc), v -> sw.ecn(tc, (EcnProfile) v));
    }

    private Object switchValue(Scenario during, String sw, String setting) {
        SwitchConfig cfg = configs.sw(during.switchSpec(sw), during.ecmpSeeds().get(sw));
        if (setting.equals("lossless")) {
            return cfg.losslessMask();
        }
        if (setting.equals("buffer.dynamic_th")) {
            return cfg.dynamicTh();
        }
        if (setting.equals("acl")) {
            return cfg.acl();
        }
        if (setting.startsWith("pfc.watchdog")) {
            return cfg.watchdog(); // every pfc.watchdog key: the whole watchdog during the fault
        }
        return cfg.ecn().get(RuntimeKeys.ecnTc(setting));
    }

    private static Setting nicSetting(Nic nic, String setting) {
        if (setting.equals("pfc")) {
            return setting(nic::pfcMask, v -> nic.pfcMask((Integer) v));
        }
        if (setting.equals("cnp.min_time_between_cnps")) {
            return setting(nic::minTimeBetweenCnpsPs, v -> nic.minTimeBetweenCnpsPs((Long) v));
        }
        return setting(nic::ccFactory, v -> nic.ccFactory((CcFactory) v));
    }

    private Object nicValue(Scenario during, String host, String setting) {
        NicConfig cfg = configs.nic(during.nic(host), false);
        if (setting.equals("pfc")) {
            return cfg.pfcMask();
        }
        if (setting.equals("cnp.min_time_between_cnps")) {
            return cfg.minTimeBetweenCnpsPs();
        }
        return cfg.cc();
    }

    private static List<AclRule> rules(Switch sw) {
        List<AclRule> out = new ArrayList<>();
        for (int i = 0; i < sw.acl().size(); i++) {
            out.add(sw.acl().rule(i));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<AclRule> castRules(Object v) {
        return (List<AclRule>) v;
    }

    private static Setting setting(
            java.util.function.Supplier<Object> read, java.util.function.Consumer<Object> write) {
        return new Setting() {
            @Override
            public Object read() {
                return read.get();
            }

            @Override
            public void write(Object value) {
                write.accept(value);
            }
        };
    }
}
