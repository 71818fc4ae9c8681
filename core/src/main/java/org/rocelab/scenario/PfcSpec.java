package org.rocelab.scenario;

/**
 * PFC on a switch ({@code switch.pfc}): headroom per lossless (port, PG), the XON offset and the
 * watchdog.
 *
 * @param headroomAuto whether headroom is computed per port from speed and cable length
 *     ({@link HeadroomEstimate}, SONiC's Mellanox formula); default true
 * @param headroomBytes headroom per lossless PG when not auto, bytes (0 when auto)
 * @param xonOffsetBytes XON offset: resume when PG use falls this far below XOFF, bytes (default 2288)
 * @param watchdog PFC watchdog
 */
public record PfcSpec(boolean headroomAuto, long headroomBytes, long xonOffsetBytes, WatchdogSpec watchdog) {
    public static final PfcSpec DEFAULT = new PfcSpec(true, 0, 2288, WatchdogSpec.DEFAULT);
}
