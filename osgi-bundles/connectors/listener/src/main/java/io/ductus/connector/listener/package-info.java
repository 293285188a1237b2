/**
 * What every listening source of the engine shares: {@link io.ductus.connector.listener.EventLoops}, one
 * set of Netty event loops for the whole engine; {@link io.ductus.connector.listener.ListenerLimits}, the
 * engine's one budget of bytes in flight and count of refusals; and
 * {@link io.ductus.connector.listener.NettyListener}, the one scaffold that binds, keeps the connections and
 * admits or refuses each new one ({@link io.ductus.connector.listener.ConnectionGate},
 * {@link io.ductus.connector.listener.Admission}: {@code max_connections} in all and per address), sets
 * keepalive, bounds what each connection receives ({@link io.ductus.connector.listener.Receiving}: a deadline
 * from a frame's first byte, the budget), counts the requests in flight and stops gracefully. For the
 * engine's own connectors (MLLP, HTTP); the gate, keepalive, {@link io.ductus.connector.listener.HttpReceiving}
 * and {@link io.ductus.connector.listener.HttpPaths} serve the engine's API too.
 */
@Export
@Version("2.0.0")
package io.ductus.connector.listener;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
