/**
 * Replay's judgment (docs/replay.md): what one message and destination of a replay comes to, from what was
 * recorded, what the recorded revision does again and what the candidate does. Decisions only: the runs
 * and the reading happen in the engine.
 */
package io.ductus.core.replay;
