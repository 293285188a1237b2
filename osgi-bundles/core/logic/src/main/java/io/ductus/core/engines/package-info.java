/** Engines on one database: which live engine should deliver each queued interface (pure: no clock, no IO). */
package io.ductus.core.engines;
