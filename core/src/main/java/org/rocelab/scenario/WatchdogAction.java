package org.rocelab.scenario;

/** SONiC pfcwd action on a detected PFC storm (roce-facts.md §2.3). */
public enum WatchdogAction {
    DROP,
    FORWARD,
    ALERT
}
