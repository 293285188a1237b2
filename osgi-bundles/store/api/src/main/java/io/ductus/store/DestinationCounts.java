package io.ductus.store;

/** How many deliveries of one destination wait, and how many are quarantined. */
public record DestinationCounts(DestinationRef destination, long pending, long quarantined) {
}
