package io.ductus.store;

/** One lane with pending deliveries: how many, and its first. */
public record LaneLoad(int lane, long waiting, LaneHead head) {
}
