package org.rocelab.sw;

/** What SONiC's PFC watchdog does to a stormed queue (roce-facts.md §2.3, pfcwd --action). */
public enum WatchdogAction {
    /** Discard the queue's packets and new arrivals, ignore received PFC. */
    DROP,
    /** Ignore received PFC and keep forwarding. */
    FORWARD,
    /** Only count the storm. */
    ALERT
}
