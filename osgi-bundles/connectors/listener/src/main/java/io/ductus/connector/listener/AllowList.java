package io.ductus.connector.listener;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A listener's allow list ({@code allow:}): addresses, subnets ({@code 10.1.0.0/16}, {@code fd00::/8}) and host names.
 * Checked for each connection just accepted, before a byte is read, as one more {@link Admission} rule: a connection
 * from elsewhere is closed unread, counted ({@code allow}) and logged once a minute per sender. Host names are looked
 * up when the list is made and then every {@link #REFRESH_MINUTES} minutes in the background, never per connection
 * (an accepted connection is an in-memory compare); a failed lookup keeps the addresses it had.
 */
public final class AllowList implements Admission, AutoCloseable {

    /** How often host names are looked up again. */
    public static final long REFRESH_MINUTES = 5;

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    /** The lookups of every started list with names; the thread ends with the last such list (and so with the bundle). */
    private static ScheduledExecutorService lookups;
    private static int started;

    private record Subnet(byte[] network, int bits, String text) {
        boolean contains(InetAddress address) {
            byte[] a = address.getAddress();
            if (a.length != network.length) return false;
            int full = bits / 8;
            for (int i = 0; i < full; i++) if (a[i] != network[i]) return false;
            int rest = bits % 8;
            if (rest == 0) return true;
            int mask = (0xff << (8 - rest)) & 0xff;
            return (a[full] & mask) == (network[full] & mask);
        }
    }

    private final List<Subnet> subnets;
    private final List<String> names;
    private final Map<String, Set<InetAddress>> resolved = new ConcurrentHashMap<>();
    private final Function<String, InetAddress[]> lookup;
    private final Consumer<String> warn;
    private ScheduledFuture<?> refresh;
    private final String text;

    private AllowList(List<Subnet> subnets, List<String> names, Function<String, InetAddress[]> lookup, Consumer<String> warn,
                      String text) {
        this.subnets = subnets;
        this.names = names;
        this.lookup = lookup;
        this.warn = warn;
        this.text = text;
    }

    /** Looks the names up (before the listener listens), then every few minutes in the background. */
    public synchronized AllowList start() {
        if (names.isEmpty() || refresh != null) return this;
        lookUpNames();
        refresh = acquire().scheduleWithFixedDelay(this::lookUpNames, REFRESH_MINUTES, REFRESH_MINUTES, TimeUnit.MINUTES);
        return this;
    }

    private static synchronized ScheduledExecutorService acquire() {
        if (lookups == null) {
            lookups = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("ductus-allow-lookups").factory());
        }
        started++;
        return lookups;
    }

    private static synchronized void release() {
        if (--started == 0) {
            lookups.shutdownNow();
            lookups = null;
        }
    }

    /** Whether the lookups' thread runs (tests). */
    static synchronized boolean looksUp() {
        return lookups != null;
    }

    /**
     * Parses the entries; names are looked up by {@link #start}.
     *
     * @param warn where a name that does not resolve is reported (once per change)
     * @throws IllegalArgumentException naming an entry that is no address, subnet or host name
     */
    public static AllowList of(Collection<String> entries, Consumer<String> warn) {
        return of(entries, AllowList::dns, warn);
    }

    /** With the lookup given (tests). */
    static AllowList of(Collection<String> entries, Function<String, InetAddress[]> lookup, Consumer<String> warn) {
        List<Subnet> subnets = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String raw : entries) {
            String entry = raw.strip();
            int slash = entry.indexOf('/');
            String host = slash < 0 ? entry : entry.substring(0, slash);
            if (literal(host)) {
                byte[] network = parseLiteral(host, entry);
                int bits = network.length * 8;
                if (slash >= 0) {
                    try {
                        bits = Integer.parseInt(entry.substring(slash + 1));
                    } catch (NumberFormatException e) {
                        bits = -1;
                    }
                    if (bits < 0 || bits > network.length * 8) {
                        throw new IllegalArgumentException("allow: '" + entry + "' has a prefix length outside 0-" + network.length * 8);
                    }
                }
                subnets.add(new Subnet(network, bits, entry));
            } else if (slash < 0 && entry.matches("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\\.?")) {
                names.add(entry.toLowerCase(java.util.Locale.ROOT));
            } else {
                throw new IllegalArgumentException("allow: '" + entry + "' is not an address, a subnet (10.1.0.0/16) or a host name");
            }
        }
        if (subnets.isEmpty() && names.isEmpty()) throw new IllegalArgumentException("allow: the list is empty");
        return new AllowList(List.copyOf(subnets), List.copyOf(names), lookup, warn, String.join(", ", entries));
    }

    private static boolean literal(String host) {
        return IPV4.matcher(host).matches() || host.contains(":");
    }

    private static byte[] parseLiteral(String host, String entry) {
        try {
            return InetAddress.getByName(host.replaceAll("^\\[|]$", "")).getAddress(); // a literal: no lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("allow: '" + entry + "' is not an address");
        }
    }

    private static InetAddress[] dns(String name) {
        try {
            return InetAddress.getAllByName(name);
        } catch (UnknownHostException e) {
            return new InetAddress[0];
        }
    }

    /** Looks every name up; one that resolves to nothing keeps the addresses it had. */
    void lookUpNames() {
        for (String name : names) {
            InetAddress[] found = lookup.apply(name);
            if (found.length == 0) {
                if (resolved.putIfAbsent(name, Set.of()) == null || !resolved.get(name).isEmpty()) {
                    warn.accept("allow: host name " + name + " does not resolve now"
                            + (resolved.get(name).isEmpty() ? "; nobody is let in by it" : "; the addresses it had stay allowed"));
                }
                continue;
            }
            resolved.put(name, new HashSet<>(List.of(found)));
        }
    }

    /** Whether an address is on the list. */
    public boolean allows(InetAddress address) {
        for (Subnet s : subnets) if (s.contains(address)) return true;
        for (Set<InetAddress> addresses : resolved.values()) if (addresses.contains(address)) return true;
        return false;
    }

    @Override
    public Optional<Refusal> refuse(InetSocketAddress remote, Open open) {
        return allows(remote.getAddress()) ? Optional.empty()
                : Optional.of(new Refusal("allow", "not on the allow list (" + text + ")"));
    }

    @Override
    public synchronized void close() {
        if (refresh == null) return;
        refresh.cancel(false);
        refresh = null;
        release();
    }
}
