package io.ductus.connector.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.config.HostPort;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The listener scaffold on real sockets: admission (in all and per sender), keepalive, requests in flight at a
 * stop, a port already taken.
 */
class NettyListenerTest {

    @TempDir
    Path tmp;

    private final EventLoops loops = new EventLoops();
    private final ListenerLimits limits = new ListenerLimits(64 << 20);
    private TestConnectorContext context;
    private NettyListener listener;

    @AfterEach
    void close() throws Exception {
        if (listener != null) listener.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        loops.close();
        if (context != null) context.close();
    }

    @Test
    void refuses_a_connection_an_admission_rule_refuses_and_names_the_rule() throws Exception {
        start(List.of(Admission.maxConnections(1)));
        try (Socket first = connect()) {
            waitUntil(() -> listener.openConnections() == 1); // accepted by the listener, not only by the kernel
            Socket second = connect();
            assertThat(second.getInputStream().read()).as("the second connection is closed").isEqualTo(-1);
            waitUntil(() -> context.logLines().stream().anyMatch(l -> l.contains("already 1 connections (max_connections)")));
            assertThat(listener.openConnections()).isEqualTo(1);
            second.close();
        }
    }

    @Test
    void asks_every_rule_with_the_sender_and_the_connections_open() throws Exception {
        start(List.of((remote, open) -> remote.getAddress().isLoopbackAddress() && open.total() >= 2
                ? Optional.of(new Admission.Refusal("test", "this sender has " + open.from(remote.getAddress())))
                : Optional.empty()));
        try (Socket a = connect(); Socket b = connect()) {
            waitUntil(() -> listener.openConnections() == 2);
            Socket c = connect();
            assertThat(c.getInputStream().read()).isEqualTo(-1);
            c.close();
            waitUntil(() -> context.logLines().stream().anyMatch(l -> l.contains("this sender has 2")));
        }
    }

    @Test
    void one_sender_cannot_take_every_connection_another_sender_still_gets_in() throws Exception {
        start(List.of(Admission.maxConnections(10), Admission.maxConnectionsPerAddress(2)));
        List<Socket> scanner = new ArrayList<>();
        try (Socket a = connectFrom("127.0.0.2"); Socket b = connectFrom("127.0.0.2")) {
            waitUntil(() -> listener.openConnections() == 2);
            for (int i = 0; i < 5; i++) scanner.add(connectFrom("127.0.0.2"));
            for (Socket refused : scanner) assertThat(refused.getInputStream().read()).as("refused at once").isEqualTo(-1);
            try (Socket sender = connectFrom("127.0.0.1")) {
                waitUntil(() -> listener.openConnections() == 3);
                sender.getOutputStream().write('x');
                waitUntil(() -> inFlight);
                listener.requestAnswered();
            }
            // Five refusals of one sender in a minute: one line, and all five counted.
            assertThat(context.logLines().stream().filter(l -> l.contains("refused 127.0.0.2 (connections_per_address)"))).hasSize(1);
            assertThat(limits.refusals().count("i", "connections_per_address")).isEqualTo(5);
        } finally {
            for (Socket s : scanner) s.close();
        }
    }

    @Test
    void accepted_connections_have_tcp_keepalive() throws Exception {
        start(List.of());
        try (Socket client = connect()) {
            waitUntil(() -> keepalive != null);
            assertThat(keepalive).isTrue();
        }
    }

    @Test
    void a_stop_waits_for_the_requests_in_flight_then_closes_the_connections() throws Exception {
        start(List.of());
        try (Socket client = connect()) {
            client.getOutputStream().write('x');
            waitUntil(() -> inFlight);
            CompletableFuture<Void> stopped = listener.stop().toCompletableFuture();
            assertThat(listener.stopping()).isTrue();
            // The server socket closes at once, but the JDK lets go of the port only at the event loop's next
            // select: wait for that, then see that the stop still waits for the request in flight.
            waitUntil(this::portRefuses);
            assertThat(stopped).isNotDone();
            listener.requestAnswered();
            stopped.get(10, TimeUnit.SECONDS);
            assertThat(client.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void a_port_in_use_fails_the_start_naming_the_address() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            context = new TestConnectorContext("i", "source", Clock.systemUTC(), tmp);
            NettyListener busy = new NettyListener(new NettyListener.Settings("TEST", new HostPort("127.0.0.1", taken.getLocalPort()),
                    Duration.ofMinutes(1)), loops, limits, context, List.of());
            assertThatThrownBy(() -> busy.start(channel -> { })).isInstanceOf(ConnectorException.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1:" + taken.getLocalPort());
            assertThat(context.statuses()).last().asString().startsWith("FAILED: cannot listen on");
        }
    }

    private volatile boolean inFlight;
    private volatile Boolean keepalive;
    private int port;

    private void start(List<Admission> admissions) throws Exception {
        context = new TestConnectorContext("i", "source", Clock.systemUTC(), tmp);
        listener = new NettyListener(new NettyListener.Settings("TEST", new HostPort("127.0.0.1", 0), Duration.ofMinutes(1)), loops,
                limits, context, admissions);
        listener.start(channel -> channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                keepalive = ctx.channel().config().getOption(ChannelOption.SO_KEEPALIVE);
                ctx.fireChannelActive();
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ((ByteBuf) msg).release();
                listener.requestStarted(); // answered when the test says so
                inFlight = true;
            }
        }));
        port = listener.address().port();
    }

    private boolean portRefuses() {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return false;
        } catch (IOException refused) {
            return true;
        }
    }

    private Socket connect() throws IOException {
        return connectFrom("127.0.0.1");
    }

    /** A connection from another loopback address: another sender, as the listener sees it. */
    private Socket connectFrom(String address) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        s.setSoTimeout(10_000);
        return s;
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not within 10 s");
            Thread.sleep(5);
        }
    }
}
