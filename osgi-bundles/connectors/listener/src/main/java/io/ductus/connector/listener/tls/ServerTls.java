package io.ductus.connector.listener.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * One listener's TLS (1.2 and 1.3, the JDK's provider): a handler per connection that presents the pair in use now
 * (a renewal on disk applies to the next connection without rebuilding the listener), asks for a client certificate
 * issued by the named CA when there is one and matches it against the subject patterns. The handshake's work runs on
 * a pool of its own, not on the event loop that accepts, and must finish within {@link #HANDSHAKE_TIMEOUT}; a failed
 * or refused one is reported once with a plain reason ({@link Refuse}) and the connection closed before anything it
 * sent is read.
 */
public final class ServerTls {

    /** How long a handshake may take before the connection is closed. */
    public static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);


    /** Where a refused handshake goes: counted and logged once a minute per sender by the listener. */
    @FunctionalInterface
    public interface Refuse {
        /** @param kind {@code tls_handshake} or {@code tls_client_certificate} */
        void refused(Channel channel, String kind, String reason);
    }

    private final Certificates.Held pair;
    private final Optional<Certificates.Held> clientCa;
    private final SubjectPatterns subjects;
    private LoadedCertificate builtFor;
    private LoadedCertificate builtForCa;
    private SslContext context;
    /** The handshakes' work (signatures, certificate checks): off the event loops, on the pool of {@link Certificates}. */
    private final Executor handshakes;

    ServerTls(Certificates.Held pair, Optional<Certificates.Held> clientCa, SubjectPatterns subjects, Executor handshakes) {
        this.handshakes = handshakes;
        this.pair = pair;
        this.clientCa = clientCa;
        this.subjects = subjects;
        context(); // a pair the JDK cannot use fails here, at the listener's start
    }

    /** Whether clients must show a certificate. */
    public boolean asksClients() {
        return clientCa.isPresent();
    }

    /** The pair's name. */
    public String certificate() {
        return pair.entry.name();
    }

    /** The context for the pair (and CA) in use now: built again only after a renewal. */
    private synchronized SslContext context() {
        LoadedCertificate now = pair.current;
        LoadedCertificate ca = clientCa.map(c -> c.current).orElse(null);
        if (context != null && now == builtFor && ca == builtForCa) return context;
        try {
            SslContextBuilder builder = SslContextBuilder.forServer(now.key(), now.chain().toArray(X509Certificate[]::new))
                    .sslProvider(SslProvider.JDK).protocols("TLSv1.3", "TLSv1.2");
            if (ca != null) builder.trustManager(ca.chain().toArray(X509Certificate[]::new)).clientAuth(ClientAuth.REQUIRE);
            context = builder.build();
        } catch (SSLException e) {
            if (context == null) throw new IllegalArgumentException("tls: certificate '" + pair.entry.name() + "': " + e.getMessage(), e);
            return context; // the renewal cannot be used: the last good one stays
        }
        builtFor = now;
        builtForCa = ca;
        return context;
    }

    /**
     * Adds TLS to a connection just accepted, first in its pipeline: the handshake, then the client certificate's check;
     * nothing the connection sends reaches the handlers after them until both passed.
     */
    public void addTo(Channel channel, Refuse refuse) {
        SslHandler ssl = context().newHandler(ByteBufAllocator.DEFAULT, handshakes);
        ssl.setHandshakeTimeout(HANDSHAKE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        channel.pipeline().addFirst("tls", ssl);
        channel.pipeline().addAfter("tls", "tls-check", new Check(ssl, refuse));
    }

    /** Judges the finished handshake before anything after it reads. */
    private final class Check extends ChannelInboundHandlerAdapter {
        private final SslHandler ssl;
        private final Refuse refuse;
        private boolean refused;

        Check(SslHandler ssl, Refuse refuse) {
            this.ssl = ssl;
            this.refuse = refuse;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof SslHandshakeCompletionEvent done) {
                if (!done.isSuccess()) {
                    refused = true;
                    refuse.refused(ctx.channel(), kind(done.cause()), reason(done.cause()));
                    ctx.close();
                    return;
                }
                if (clientCa.isPresent() && !subjects.isEmpty()) {
                    X509Certificate leaf = peer();
                    if (leaf == null || !subjects.matches(leaf)) {
                        refused = true;
                        refuse.refused(ctx.channel(), "tls_client_certificate", "the client certificate ("
                                + (leaf == null ? "none" : LoadedCertificate.describe(leaf)) + ") matches none of " + subjects);
                        ctx.close();
                        return;
                    }
                }
                ctx.pipeline().remove(this);
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (refused) {
                ReferenceCountUtil.release(msg);
                return;
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // A failing handshake's exception comes with its completion event, which reports it.
            if (refused || !ssl.handshakeFuture().isDone()) {
                ctx.close();
                return;
            }
            ctx.fireExceptionCaught(cause);
        }

        private X509Certificate peer() {
            try {
                Certificate[] chain = ssl.engine().getSession().getPeerCertificates();
                return chain.length > 0 && chain[0] instanceof X509Certificate x ? x : null;
            } catch (SSLPeerUnverifiedException e) {
                return null;
            }
        }
    }

    private String kind(Throwable cause) {
        String text = TlsFailure.text(cause);
        return clientCa.isPresent() && TlsFailure.aboutClientCertificate(text) ? "tls_client_certificate" : "tls_handshake";
    }

    private String reason(Throwable cause) {
        String plain = TlsFailure.plain(cause, clientCa.map(c -> "client certificate not issued by CA '" + c.entry.name() + "'"));
        // Most clients send none when they have none from the CA the listener names.
        return clientCa.isPresent() && plain.equals(TlsFailure.NO_CLIENT_CERTIFICATE)
                ? plain + " (the client sent none, or has none issued by CA '" + clientCa.get().entry.name() + "')" : plain;
    }
}
