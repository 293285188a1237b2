package io.ductus.launcher;

import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.Hl7Header;
import io.ductus.sdk.hl7.MllpFraming;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The MLLP receiver a destination sends to: records every message it gets, in arrival order, and answers
 * AA, or AE for a chosen fraction at random (a receiver that refuses some sends; never the same message
 * more than twice, so that a lane's back-off, 1 s doubling per refusal, stays bounded and so does the
 * test's run time: a run of refusals of one message at 20% would otherwise cost 31 s one run in five,
 * and 127 s now and then). It can go down (its
 * port refuses connections, open connections are cut) and come back on the same port.
 */
final class TestReceiver implements AutoCloseable {

    /**
     * One message as it arrived: {@code seq} is its place in the receiver's arrival order; {@code origin} what the
     * origin function (see {@link #originOf}) said of its connection when it was accepted, or null without one.
     */
    record Arrival(long seq, String controlId, byte[] payload, boolean accepted, long at, String origin) {
    }

    static final int MAX_REFUSALS_PER_MESSAGE = 2;

    private final int port;
    private final double refuseFraction;
    private final Random random;
    private final List<Arrival> arrivals = new ArrayList<>();
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final java.util.Map<String, Integer> refusals = new java.util.HashMap<>();
    private final AtomicLong acks = new AtomicLong();
    private volatile ServerSocket server;
    private volatile java.util.function.IntFunction<String> origin = port -> null;

    TestReceiver(int port, double refuseFraction, long seed) throws IOException {
        this.port = port;
        this.refuseFraction = refuseFraction;
        this.random = new Random(seed);
        up();
    }

    int port() {
        return port;
    }

    /**
     * Who is on the other end of each connection from now on: called with the peer's port as a connection is
     * accepted, before anything is read from it (EnginesCrashIT: which engine process holds that socket).
     */
    void originOf(java.util.function.IntFunction<String> function) {
        origin = function;
    }

    synchronized void up() throws IOException {
        if (server != null) return;
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        server = s;
        Thread.ofVirtual().name("receiver-accept-" + port).start(() -> accept(s));
    }

    /** Refuses connections from now on and cuts the open ones. */
    synchronized void down() {
        ServerSocket s = server;
        server = null;
        closeQuietly(s);
        for (Socket c : connections) closeQuietly(c);
        connections.clear();
    }

    private void accept(ServerSocket s) {
        while (!s.isClosed()) {
            try {
                Socket c = s.accept();
                connections.add(c);
                String from = origin.apply(c.getPort());
                Thread.ofVirtual().name("receiver-conn-" + port).start(() -> serve(c, from));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket c, String from) {
        try (c) {
            InputStream in = new BufferedInputStream(c.getInputStream());
            while (true) {
                byte[] message = MllpFraming.readFrame(in, 16 * 1024 * 1024);
                Hl7Header header = Hl7Header.read(message);
                boolean accept;
                synchronized (this) {
                    if (server == null) return; // went down while this was on the wire: no answer
                    String controlId = header.controlId().orElse("");
                    accept = random.nextDouble() >= refuseFraction || refusals.getOrDefault(controlId, 0) >= MAX_REFUSALS_PER_MESSAGE;
                    if (!accept) refusals.merge(controlId, 1, Integer::sum);
                    arrivals.add(new Arrival(arrivals.size(), controlId, message, accept, System.nanoTime(), from));
                }
                byte[] ack = Hl7Ack.build(header, accept ? AckCode.AA : AckCode.AE, accept ? "" : "refused by the test receiver",
                        "R" + acks.incrementAndGet(), ZonedDateTime.now(ZoneOffset.UTC));
                c.getOutputStream().write(MllpFraming.frame(ack));
                c.getOutputStream().flush();
            }
        } catch (IOException | RuntimeException e) {
            // the sender closed, or the receiver went down
        } finally {
            connections.remove(c);
        }
    }

    /** Everything received so far, in arrival order (refused ones included, marked). */
    synchronized List<Arrival> arrivals() {
        return List.copyOf(arrivals);
    }

    /** The messages answered AA, in arrival order. */
    synchronized List<Arrival> accepted() {
        return arrivals.stream().filter(Arrival::accepted).toList();
    }

    synchronized long refusedCount() {
        return arrivals.stream().filter(a -> !a.accepted()).count();
    }

    @Override
    public void close() {
        down();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
