package org.rocelab.nic;

/**
 * Receives completions as they are written (the event-driven replacement for a polling loop:
 * no events are spent polling). The {@link WorkCompletion} is reused after the call returns.
 * A handler may post new work requests.
 */
@FunctionalInterface
public interface CompletionHandler {
    void onCompletion(WorkCompletion wc);
}
