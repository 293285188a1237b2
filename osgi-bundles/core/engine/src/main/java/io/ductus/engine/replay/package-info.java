/**
 * Replay (docs/replay.md): a period's stored originals run through a candidate version of an interface's
 * code as its workers would run them, with the clock pinned and randomness seeded, writes refused and
 * nothing sent or stored; each message and destination compared with what was recorded. Jobs run in a
 * small pool of low-priority threads of their own and keep their results for a while.
 */
package io.ductus.engine.replay;
