package io.ductus.connector.http;

import io.ductus.connector.listener.Admission;
import io.ductus.connector.listener.EventLoops;
import io.ductus.connector.listener.HttpReceiving;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.NettyListener;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Responder;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.HostPort;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The HTTP listener. In queue mode it stores each request's body through the intake and answers 202
 * with the message id only after the commit returned (503 with Retry-After when storing failed or the
 * listener is stopping). In respond mode the interface's code answers each request, nothing is stored.
 *
 * <p>Binding, the connections, {@code max_connections} (in all and per address), keepalive, the request
 * deadline, the budget of bytes in flight and the graceful stop are the shared {@link NettyListener}'s, on the
 * engine's event loops; the engine's API already ships Netty's HTTP codec,
 * so the bundle adds no library.
 */
final class HttpListener implements Source {

    private final ListenerSettings settings;
    private final NettyListener listener;
    private final ConnectorContext context;

    private final java.util.Optional<io.ductus.connector.listener.AllowList> allow;

    HttpListener(ListenerSettings settings, EventLoops loops, ListenerLimits limits, ConnectorContext context) {
        this(settings, loops, limits, context, java.util.Optional.empty(), java.util.Optional.empty());
    }

    /**
     * @param tls   TLS (and client certificates) on every connection, or plain HTTP
     * @param allow who may connect, or anyone
     */
    HttpListener(ListenerSettings settings, EventLoops loops, ListenerLimits limits, ConnectorContext context,
                 java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls,
                 java.util.Optional<io.ductus.connector.listener.AllowList> allow) {
        this.settings = settings;
        this.allow = allow;
        List<Admission> rules = new java.util.ArrayList<>();
        allow.ifPresent(rules::add);
        rules.add(Admission.maxConnections(settings.maxConnections()));
        rules.add(Admission.maxConnectionsPerAddress(settings.maxConnectionsPerAddress()));
        this.listener = new NettyListener(new NettyListener.Settings("HTTP", settings.listen(), settings.idleTimeout(),
                settings.frameTimeout()), loops, limits, context, rules, tls);
        this.context = context;
    }

    @Override
    public void start(Intake intake) throws ConnectorException {
        Responder responder = null;
        if (settings.respond()) {
            if (!(intake instanceof Responder r)) {
                context.statusChanged(ConnectorStatus.FAILED, "respond: true needs the interface's code");
                throw new ConnectorException("respond: true needs transform.js in the interface's folder, exporting transform(msg, meta)"
                        + " that returns {status, headers, body}");
            }
            responder = r;
        }
        allow.ifPresent(io.ductus.connector.listener.AllowList::start);
        RequestAnswerer answerer = settings.respond() ? new RespondAnswerer(responder, settings) : new QueueAnswerer(intake, settings);
        listener.start(channel -> {
            HttpReceiving receiving = new HttpReceiving(listener.receiving(), settings.frameTimeout(), settings.maxBodyBytes(),
                    this::refuse);
            channel.pipeline().addLast(receiving.bytes(), new HttpServerCodec(), receiving.requests(),
                    new BodyLimit(settings.maxBodyBytes()), new RequestHandler(this, answerer, receiving));
        });
        context.statusChanged(ConnectorStatus.OK, "listening on " + address() + settings.path());
        context.log().info("HTTP listener on " + (listener.secure() ? "https://" : "http://") + address() + settings.path() + (settings.respond() ? " (respond mode)" : ""));
    }

    /** The address actually bound (the port differs from the setting when it was 0). */
    HostPort address() {
        return listener.address();
    }

    @Override
    public CompletionStage<Void> stop() {
        allow.ifPresent(io.ductus.connector.listener.AllowList::close);
        return listener.stop();
    }

    ListenerSettings settings() {
        return settings;
    }

    ConnectorContext context() {
        return context;
    }

    boolean stopping() {
        return listener.stopping();
    }

    void requestStarted() {
        listener.requestStarted();
    }

    /** Called once the answer to a request was written; the last one lets a stop finish. */
    void requestAnswered() {
        listener.requestAnswered();
    }

    /** A request past its deadline (408) or the budget of bytes in flight (503): answered, counted, and the connection closed. */
    private void refuse(ChannelHandlerContext ctx, String kind, int status, String detail) {
        listener.refused(ctx.channel(), kind, detail);
        Answer answer = status == 503 ? Answer.unavailable(detail, settings)
                : Answer.problem(new Problem(status, "Request Timeout", detail));
        // Written from the last handler, so that it goes out through the HTTP codec.
        RequestHandler.write(ctx.pipeline().context(RequestHandler.class), HttpVersion.HTTP_1_1, false, answer);
    }

    /** Counts and logs (once a minute per sender) a refusal of what a connection sent. */
    void refused(Channel channel, String kind, String reason) {
        listener.refused(channel, kind, reason);
    }
}
