package org.rocelab.sim;

/**
 * Sees each schedule, reservation and cancel of a {@link Timer} ({@link
 * Simulation#observeSchedules}): which component's event touched which component's timer, and
 * for when. A check that the fabric's parts meet only through cables, for a windowed run.
 */
@FunctionalInterface
public interface ScheduleObserver {
    /**
     * @param firingOwnerId id of the component whose event is firing, -1 outside an event
     * @param owner the component owning the timer touched
     * @param nowPs the current time
     * @param atPs the time it is scheduled for ({@code nowPs} for a cancel)
     */
    void touched(int firingOwnerId, Component owner, long nowPs, long atPs);
}
