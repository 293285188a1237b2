package io.ductus.connector.http;

import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.Flow;

/**
 * A request's body behind the message's {@link OutboundMessage#fence() fence}, checked at the two last moments the
 * JDK's HTTP/1.1 client gives: when it asks the body's length to write the request's headers (the connection, and
 * its TLS handshake, are up by then) and when it takes the body, right after the headers. Refused at the first,
 * nothing is written and the connection is closed; at the second (this engine frozen between the two), the
 * receiver has the headers without the body, and the client closes the connection: a request cut short, never a
 * message.
 */
final class FencedBody implements HttpRequest.BodyPublisher {

    private final OutboundMessage message;
    private final HttpRequest.BodyPublisher body;

    FencedBody(OutboundMessage message) {
        this.message = message;
        this.body = HttpRequest.BodyPublishers.ofByteArray(message.payload());
    }

    @Override
    public long contentLength() {
        message.fence();
        return body.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        try {
            message.fence();
        } catch (NoLongerOwnedException refused) {
            subscriber.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {
                }

                @Override
                public void cancel() {
                }
            });
            subscriber.onError(refused);
            return;
        }
        body.subscribe(subscriber);
    }

    /** The fence's refusal among the causes of a failed request (the client wraps it), if it is there. */
    static Optional<NoLongerOwnedException> refusal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof NoLongerOwnedException refused) return Optional.of(refused);
            if (t.getCause() == t) break;
        }
        return Optional.empty();
    }
}
