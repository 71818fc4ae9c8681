package org.rocelab.sw;

import org.rocelab.sim.Units;

/**
 * SONiC pfcwd settings for the lossless queues of a switch (roce-facts.md §2.3): CONFIG_DB
 * {@code PFC_WD|<port>: detection_time, restoration_time, action}. SONiC accepts 100-5000 ms for
 * detection; a simulation may use shorter times (validation allows any positive value and the
 * docs say real gear's minimum is 100 ms). Defaults 200 ms / 200 ms / drop.
 */
public record WatchdogConfig(long detectionPs, long restorationPs, WatchdogAction action) {
    /** SONiC DEFAULT_DETECTION_TIME 200 ms. */
    public static final long DEFAULT_DETECTION_PS = 200 * Units.PS_PER_MS;
    /** SONiC DEFAULT_RESTORATION_TIME 200 ms. */
    public static final long DEFAULT_RESTORATION_PS = 200 * Units.PS_PER_MS;
    /** The smallest detection time SONiC accepts (pfcwd start ... 100..5000 ms). */
    public static final long SONIC_MIN_DETECTION_PS = 100 * Units.PS_PER_MS;

    public WatchdogConfig {
        if (detectionPs <= 0) {
            throw new IllegalArgumentException("pfc.watchdog.detection_time: must be positive");
        }
        if (restorationPs <= 0) {
            throw new IllegalArgumentException("pfc.watchdog.restoration_time: must be positive");
        }
        if (action == null) {
            throw new IllegalArgumentException("pfc.watchdog.action: expected drop, forward or alert");
        }
    }

    public static WatchdogConfig sonicDefaults() {
        return new WatchdogConfig(DEFAULT_DETECTION_PS, DEFAULT_RESTORATION_PS, WatchdogAction.DROP);
    }
}
