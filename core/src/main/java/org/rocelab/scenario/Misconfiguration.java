package org.rocelab.scenario;

import java.util.List;

/**
 * One misconfiguration real fabrics do have (DESIGN.md §3): a valid scenario that runs as
 * written, which {@code validate} lists as a warning and the doctor explains with its fix.
 *
 * @param id stable doctor finding id ({@code pfc.one_hop}, {@code mtu.mismatch}, … docs/doctor.md)
 * @param key the scenario key to look at, as {@code --set} spells it
 * @param place where it is: a switch, a port ({@code sw0:h1}), or hosts ({@code h0..h3})
 * @param message one sentence naming the values and what they cause
 * @param fix scenario changes in {@code --set key=value} form that remove it, computed from the
 *     scenario's own values (empty when no scenario change fixes it)
 */
public record Misconfiguration(String id, String key, String place, String message, List<String> fix) {
    public Misconfiguration {
        fix = List.copyOf(fix);
    }

    /** The line {@code validate} prints: {@code key: message}. */
    public String warning() {
        return key + ": " + message;
    }
}
