/**
 * What every listening source of the engine shares: {@link io.ductus.connector.listener.EventLoops}, one
 * set of Netty event loops for the whole engine, and {@link io.ductus.connector.listener.NettyListener},
 * the one scaffold that binds, keeps the connections, admits or refuses each new one
 * ({@link io.ductus.connector.listener.Admission}: {@code max_connections}, and whatever limits come
 * next), counts the requests in flight and stops gracefully. For the engine's own connectors (MLLP, HTTP).
 */
@Export
@Version("1.0.0")
package io.ductus.connector.listener;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
