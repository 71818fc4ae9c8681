package org.rocelab.diag;

/**
 * One fact a finding rests on, as the user reads it on their gear.
 *
 * @param counter counter name as counters.json / the gear spell it ({@code pfc_tx},
 *     {@code rx_crc_errors_phy}), a summary.json path ({@code drops.acl}), a timeseries metric
 *     ({@code sw0:sw1/p3 paused}) or a scenario key ({@code switches.sw1.mtu})
 * @param where the node, port, priority or time range it was read at
 * @param value the value as written in the outputs (numbers stay numbers in doctor.json)
 */
public record Evidence(String counter, String where, String value) {
    public static Evidence of(String counter, String where, double value) {
        return new Evidence(counter, where, Num.text(value));
    }

    /** Whether {@link #value} is a number (doctor.json writes it unquoted). */
    public boolean numeric() {
        return Num.isNumber(value);
    }
}
