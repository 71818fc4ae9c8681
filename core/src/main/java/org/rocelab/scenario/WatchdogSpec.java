package org.rocelab.scenario;

/**
 * SONiC PFC watchdog of a switch ({@code switch.pfc.watchdog}; roce-facts.md §2.3).
 *
 * @param enabled whether lossless queues are watched (default true)
 * @param detectionPs storm detection time, ps (default 200 ms)
 * @param restorationPs restoration time, ps (default 200 ms)
 * @param action what a storm triggers (default drop)
 */
public record WatchdogSpec(boolean enabled, long detectionPs, long restorationPs, WatchdogAction action) {
    public static final WatchdogSpec DEFAULT =
            new WatchdogSpec(true, 200_000_000_000L, 200_000_000_000L, WatchdogAction.DROP);
}
