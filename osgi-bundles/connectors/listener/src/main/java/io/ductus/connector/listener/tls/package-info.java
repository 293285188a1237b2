/**
 * TLS for the engine's listeners and connections: {@link io.ductus.connector.listener.tls.Certificates}, the named
 * certificates of resources.yaml loaded and checked before anything starts and renewed from disk;
 * {@link io.ductus.connector.listener.tls.ServerTls}, a listener's TLS 1.2/1.3 with optional client certificates
 * ({@link io.ductus.connector.listener.tls.SubjectPatterns}); {@link io.ductus.connector.listener.tls.ClientTls}, an
 * outbound connection's trust (the system's roots plus named CAs, the host name checked) and client certificate, with
 * {@link io.ductus.connector.listener.tls.TlsHttpClient} the JDK HTTP client over it and
 * {@link io.ductus.connector.listener.tls.ClientTls#refusal} the one reading of a refused handshake.
 * 1.1: TlsHttpClient, ClientTls.refusal, Certificates.add/names/pemFile.
 */
@Export
@Version("1.1.0")
package io.ductus.connector.listener.tls;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
