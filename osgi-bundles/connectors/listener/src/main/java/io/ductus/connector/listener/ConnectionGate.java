package io.ductus.connector.listener;

import io.netty.channel.Channel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A listener's door: asks each {@link Admission} rule about a connection just accepted, before any of its
 * bytes are read, and keeps the connections it let in (in all and per sender's address) until they close.
 * A refused connection is closed unread, counted and logged through {@link Refusals}. The MLLP and HTTP
 * sources' {@link NettyListener} and the engine's API use it.
 */
public final class ConnectionGate {

    private final String listener;
    private final List<Admission> rules;
    private final Refusals refusals;
    private final Consumer<String> warn;
    private final ChannelGroup connections;
    private final AtomicInteger total = new AtomicInteger();
    private final Map<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();

    /**
     * @param listener what refusals are counted and logged under: the interface's name, or {@code api}
     * @param warn     where a refusal's line goes
     */
    public ConnectionGate(String listener, List<Admission> rules, Refusals refusals, Consumer<String> warn) {
        this.listener = listener;
        this.rules = List.copyOf(rules);
        this.refusals = refusals;
        this.warn = warn;
        this.connections = new DefaultChannelGroup(listener, GlobalEventExecutor.INSTANCE);
    }

    /** Lets a connection just accepted in, or closes it: true when it was let in. */
    public boolean admit(Channel channel) {
        InetSocketAddress remote = (InetSocketAddress) channel.remoteAddress();
        InetAddress address = remote.getAddress();
        // Counted first, then asked: connections accepted at once on different event loops cannot all pass.
        int open = total.incrementAndGet() - 1;
        int fromThere = perAddress.merge(address, 1, Integer::sum) - 1;
        Admission.Open seen = new Admission.Open() {
            @Override
            public int total() {
                return open;
            }

            @Override
            public int from(InetAddress a) {
                return a.equals(address) ? fromThere : perAddress.getOrDefault(a, 0);
            }
        };
        for (Admission rule : rules) {
            Optional<Admission.Refusal> refused = rule.refuse(remote, seen);
            if (refused.isPresent()) {
                left(address);
                refusals.refused(listener, refused.get().kind(), address, "a connection: " + refused.get().reason(), warn);
                channel.close();
                return false;
            }
        }
        connections.add(channel);
        channel.closeFuture().addListener(f -> left(address));
        return true;
    }

    private void left(InetAddress address) {
        total.decrementAndGet();
        perAddress.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
    }

    /** Connections let in and still open. */
    public int open() {
        return total.get();
    }

    /** Those from one address. */
    public int openFrom(InetAddress address) {
        return perAddress.getOrDefault(address, 0);
    }

    /** The connections let in and still open, to close them all at a stop. */
    public ChannelGroup connections() {
        return connections;
    }
}
