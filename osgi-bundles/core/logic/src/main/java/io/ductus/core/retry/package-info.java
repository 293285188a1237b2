/** The retry schedule of transient delivery failures: a pure function of attempts and {@code now}. */
package io.ductus.core.retry;
