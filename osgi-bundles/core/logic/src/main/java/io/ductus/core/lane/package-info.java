/** Lane hashing: ordering key → lane, stable forever. */
package io.ductus.core.lane;
