package org.rocelab.scenario;

import java.util.List;
import org.rocelab.cc.DcqcnProfile;
import org.rocelab.cc.Knob;

/**
 * The scenario keys a {@code set} fault may change while the fabric runs (DESIGN.md §3): the
 * settings an operator changes live on a switch (SONiC {@code pfc_enable}, WRED profile, buffer
 * {@code dynamic_th}, ACL rules, {@code pfcwd start/stop}) or a NIC ({@code mlnx_qos --pfc}, DCQCN knobs, CNP moderation).
 * Every other key needs a rebuild of the fabric and is rejected when the scenario is loaded.
 */
public final class RuntimeKeys {
    /** Where a changeable key points: switches or NICs, one device or all, and the setting. */
    public record Target(boolean isSwitch, String device, String setting) {
        /** Whether the key names every switch (or NIC) rather than one. */
        public boolean all() {
            return device == null;
        }
    }

    /** The changeable keys, as listed in errors and docs/scenario.md. */
    public static final String LISTING = "switch(es).lossless, switch(es).ecn.<tc>, switch(es).ecn.<tc>.kmin, "
            + "switch(es).ecn.<tc>.kmax, switch(es).ecn.<tc>.pmax, switch(es).buffer.dynamic_th, switch(es).acl, "
            + "switch(es).pfc.watchdog, switch(es).pfc.watchdog.<enabled|detection_time|restoration_time|action>, "
            + "nic(s).pfc, nic(s).cnp.min_time_between_cnps, nic(s).cc.<knob>";

    private RuntimeKeys() {}

    /** The target of {@code key}, or null if it cannot change during a run. */
    public static Target parse(String key) {
        String[] parts = key.split("\\.", -1);
        boolean one = parts[0].equals("switches") || parts[0].equals("nics");
        boolean isSwitch = parts[0].equals("switch") || parts[0].equals("switches");
        if (!isSwitch && !parts[0].equals("nic") && !parts[0].equals("nics")) {
            return null;
        }
        int from = one ? 2 : 1;
        if (parts.length <= from) {
            return null;
        }
        String device = one ? parts[1] : null;
        String setting = String.join(".", List.of(parts).subList(from, parts.length));
        boolean ok = isSwitch ? switchSetting(setting) : nicSetting(setting);
        return ok ? new Target(isSwitch, device, setting) : null;
    }

    private static boolean switchSetting(String s) {
        if (s.equals("lossless") || s.equals("acl") || s.equals("buffer.dynamic_th")) {
            return true;
        }
        if (s.matches("pfc\\.watchdog(\\.(enabled|detection_time|restoration_time|action))?")) {
            return true;
        }
        return s.matches("ecn\\.[0-7](\\.(kmin|kmax|pmax))?");
    }

    private static boolean nicSetting(String s) {
        if (s.equals("pfc") || s.equals("cnp.min_time_between_cnps")) {
            return true;
        }
        return s.startsWith("cc.") && isCcKnob(s.substring(3));
    }

    /** A knob of any DCQCN profile (mlx5, paper, hpcc); {@code algorithm} and {@code profile} are not. */
    private static boolean isCcKnob(String name) {
        if (CcSpec.KNOBS.containsKey(name)) {
            return true;
        }
        for (DcqcnProfile p : DcqcnProfile.values()) {
            for (Knob k : p.knobs()) {
                if (k.name().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The traffic class of an {@code ecn.<tc>...} setting. */
    public static int ecnTc(String setting) {
        return setting.charAt(4) - '0';
    }
}
