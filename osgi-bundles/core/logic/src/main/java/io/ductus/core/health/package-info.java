/** How interfaces and destinations are doing, judged from facts the runtime gathers (pure). */
package io.ductus.core.health;
