package io.ductus.core.engines;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Who should deliver each queued interface, from what the database says now: the live engines that take
 * interfaces (not draining), who owns what, and operators' moves. A pure function of that state, so that
 * every engine computes the same targets, and a fixed point: applied to its own result (every interface
 * owned by its target) it gives the same result, so stable membership never moves an interface.
 *
 * <p>Balance: with {@code n} interfaces not pinned by a move and {@code k} engines, every engine's quota is
 * {@code n / k}, and the {@code n % k} engines that hold the most now (ties: lower id) get one more. An
 * engine keeps what it owns up to its quota (by interface name); the rest go to the engines furthest below
 * their quota (ties: lower id). A move pins the interface to a live engine; pinned interfaces count apart.
 */
public final class Assignment {

    private Assignment() {
    }

    /**
     * @param engines    the live engines that take interfaces, any order
     * @param interfaces the queued interfaces, any order
     * @param owners     current owner by interface (any engine, live or not; absent: nobody)
     * @param moves      operators' moves: interface → engine (ignored when that engine is not in {@code engines})
     * @return the target engine of each interface, sorted by interface name; empty when there is no engine
     */
    public static Map<String, String> targets(Collection<String> engines, Collection<String> interfaces,
                                              Map<String, String> owners, Map<String, String> moves) {
        Objects.requireNonNull(owners);
        Objects.requireNonNull(moves);
        TreeSet<String> live = new TreeSet<>(engines);
        Map<String, String> targets = new TreeMap<>();
        if (live.isEmpty()) return targets;
        TreeSet<String> names = new TreeSet<>(interfaces);
        List<String> free = new ArrayList<>();
        for (String name : names) {
            String pin = moves.get(name);
            if (pin != null && live.contains(pin)) targets.put(name, pin);
            else free.add(name);
        }
        int k = live.size();
        int base = free.size() / k;
        int extra = free.size() % k;
        Map<String, Integer> holding = new HashMap<>();
        for (String engine : live) holding.put(engine, 0);
        for (String name : free) {
            String owner = owners.get(name);
            if (owner != null && live.contains(owner)) holding.merge(owner, 1, Integer::sum);
        }
        List<String> byHolding = new ArrayList<>(live);
        byHolding.sort(Comparator.comparing((String e) -> -holding.get(e)).thenComparing(Comparator.naturalOrder()));
        Map<String, Integer> quota = new HashMap<>();
        for (int i = 0; i < byHolding.size(); i++) quota.put(byHolding.get(i), base + (i < extra ? 1 : 0));
        Map<String, Integer> given = new HashMap<>();
        for (String engine : live) given.put(engine, 0);
        List<String> unplaced = new ArrayList<>();
        for (String name : free) {
            String owner = owners.get(name);
            if (owner != null && live.contains(owner) && given.get(owner) < quota.get(owner)) {
                targets.put(name, owner);
                given.merge(owner, 1, Integer::sum);
            } else {
                unplaced.add(name);
            }
        }
        for (String name : unplaced) {
            String best = null;
            for (String engine : live) {
                int room = quota.get(engine) - given.get(engine);
                if (room <= 0) continue;
                if (best == null || room > quota.get(best) - given.get(best)) best = engine;
            }
            targets.put(name, best);
            given.merge(best, 1, Integer::sum);
        }
        return targets;
    }

    /**
     * What one engine does in a claim round: claim the interfaces whose target it is and that nobody live
     * owns, release those it owns whose target is another engine. It never releases what it would claim.
     *
     * @param ownersAlive current owner by interface, live engines only
     */
    public static Plan plan(String self, Map<String, String> targets, Map<String, String> ownersAlive) {
        Set<String> claim = new TreeSet<>();
        Set<String> release = new TreeSet<>();
        for (Map.Entry<String, String> t : targets.entrySet()) {
            String owner = ownersAlive.get(t.getKey());
            if (t.getValue().equals(self) && owner == null) claim.add(t.getKey());
            if (self.equals(owner) && !t.getValue().equals(self)) release.add(t.getKey());
        }
        for (Map.Entry<String, String> o : ownersAlive.entrySet()) {
            if (self.equals(o.getValue()) && !targets.containsKey(o.getKey())) release.add(o.getKey());
        }
        return new Plan(Set.copyOf(claim), Set.copyOf(release));
    }

    /** One engine's round: what it claims and what it hands over. */
    public record Plan(Set<String> claim, Set<String> release) {
        public boolean isEmpty() {
            return claim.isEmpty() && release.isEmpty();
        }
    }
}
