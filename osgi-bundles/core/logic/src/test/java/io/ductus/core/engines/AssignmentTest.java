package io.ductus.core.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AssignmentTest {

    private static List<String> interfaces(int n) {
        return IntStream.range(0, n).mapToObj(i -> String.format("if-%04d", i)).toList();
    }

    private static Map<String, Long> counts(Map<String, String> targets) {
        return targets.values().stream().collect(Collectors.groupingBy(e -> e, TreeMap::new, Collectors.counting()));
    }

    @Test
    void spreadsEvenlyAndIsAFixedPoint() {
        List<String> names = interfaces(1001);
        Map<String, String> t = Assignment.targets(List.of("b", "a", "c"), names, Map.of(), Map.of());
        assertThat(counts(t).values()).allMatch(c -> c == 333 || c == 334);
        assertThat(Assignment.targets(List.of("a", "b", "c"), names, t, Map.of())).isEqualTo(t);
    }

    @Test
    void aLaterEngineTakesItsShareAndOnlyThat() {
        List<String> names = interfaces(10);
        Map<String, String> one = Assignment.targets(List.of("a"), names, Map.of(), Map.of());
        Map<String, String> two = Assignment.targets(List.of("a", "b"), names, one, Map.of());
        assertThat(counts(two)).containsEntry("a", 5L).containsEntry("b", 5L);
        Map<String, String> three = Assignment.targets(List.of("a", "b", "c"), names, two, Map.of());
        assertThat(counts(three).values()).containsExactlyInAnyOrder(4L, 3L, 3L);
        long moved = names.stream().filter(n -> !three.get(n).equals(two.get(n))).count();
        assertThat(moved).isEqualTo(3); // only what c takes moves
    }

    @Test
    void aDeadOrDrainingEnginesInterfacesGoToTheOthers() {
        List<String> names = interfaces(9);
        Map<String, String> t = Assignment.targets(List.of("a", "b", "c"), names, Map.of(), Map.of());
        Map<String, String> after = Assignment.targets(List.of("a", "b"), names, t, Map.of());
        assertThat(after.values()).doesNotContain("c");
        names.stream().filter(n -> !t.get(n).equals("c")).forEach(n -> assertThat(after.get(n)).isEqualTo(t.get(n)));
    }

    @Test
    void movesPinAnInterfaceToALiveEngine() {
        List<String> names = interfaces(4);
        Map<String, String> t = Assignment.targets(List.of("a", "b"), names, Map.of(), Map.of("if-0000", "b", "if-0001", "gone"));
        assertThat(t.get("if-0000")).isEqualTo("b");
        assertThat(t).hasSize(4);
    }

    @Test
    void planNeverReleasesWhatItWouldClaim() {
        Map<String, String> targets = Map.of("x", "a", "y", "b", "z", "a");
        Assignment.Plan a = Assignment.plan("a", targets, Map.of("y", "a", "z", "b"));
        assertThat(a.claim()).containsExactly("x");
        assertThat(a.release()).containsExactly("y");
        assertThat(a.claim()).doesNotContainAnyElementsOf(a.release());
    }

    /** Rounds of three engines in every order with stable membership: each interface is claimed at most once after it settles. */
    @Test
    void noChurnOverManyRounds() {
        List<String> names = interfaces(101);
        List<String> engines = List.of("a", "b", "c");
        Map<String, String> owners = new HashMap<>();
        Map<String, Integer> claims = new HashMap<>();
        java.util.Random random = new java.util.Random(23);
        for (int round = 0; round < 300; round++) {
            List<String> order = new ArrayList<>(engines);
            java.util.Collections.shuffle(order, random);
            for (String self : order) {
                Map<String, String> targets = Assignment.targets(engines, names, owners, Map.of());
                Assignment.Plan plan = Assignment.plan(self, targets, owners);
                plan.release().forEach(owners::remove);
                plan.claim().forEach(n -> {
                    owners.put(n, self);
                    claims.merge(n, 1, Integer::sum);
                });
            }
        }
        assertThat(owners).hasSize(101);
        assertThat(claims.values()).allMatch(c -> c == 1);
        assertThat(counts(owners).values()).allMatch(c -> c == 33 || c == 34);
    }

    /** One engine's round as the store makes it: targets from what the database says now, its releases, its claims. */
    private static void round(String self, List<String> engines, List<String> names, Map<String, String> owners) {
        Map<String, String> targets = Assignment.targets(engines, names, owners, Map.of());
        Assignment.Plan plan = Assignment.plan(self, targets, owners);
        plan.release().forEach(owners::remove);
        plan.claim().forEach(n -> owners.put(n, self));
    }

    private static boolean even(Map<String, String> owners, int n, int k) {
        Map<String, Long> c = counts(owners);
        return owners.size() == n && c.size() == k && c.values().stream().allMatch(v -> v == n / k || v == n / k + 1);
    }

    /**
     * The bench's case: 1,001 interfaces, a first engine owns them all, a second and a third join one after another
     * (each joining between any two rounds of the others, in any order of rounds): within a few rounds of each
     * engine the split is within one of even, and then it stays (no claim more).
     */
    @Test
    void threeEnginesJoiningInSequenceConvergeWithinAFewRounds() {
        List<String> names = interfaces(1001);
        java.util.Random random = new java.util.Random(7);
        for (int trial = 0; trial < 50; trial++) {
            Map<String, String> owners = new HashMap<>();
            List<String> engines = new ArrayList<>(List.of("e1"));
            round("e1", engines, names, owners);
            int secondAfter = random.nextInt(4);
            int thirdAfter = secondAfter + random.nextInt(4);
            String second = random.nextBoolean() ? "e2" : "e0"; // ids are random: a later engine may sort first
            String third = random.nextBoolean() ? "e3" : "d9";
            int rounds = 0;
            int settledAt = -1;
            for (; rounds < 40; rounds++) {
                if (rounds == secondAfter) {
                    engines.add(second);
                    round(second, engines, names, owners); // its first round, as it joins
                }
                if (rounds == thirdAfter) {
                    engines.add(third);
                    round(third, engines, names, owners);
                }
                List<String> order = new ArrayList<>(engines);
                java.util.Collections.shuffle(order, random);
                for (String self : order) round(self, engines, names, owners);
                if (rounds >= thirdAfter && settledAt < 0 && even(owners, 1001, 3)) settledAt = rounds;
            }
            assertThat(settledAt).as("trial %d: settled %d rounds after the third joined, now %s", trial, settledAt - thirdAfter,
                    counts(owners)).isBetween(thirdAfter, thirdAfter + 3);
            assertThat(even(owners, 1001, 3)).as("trial %d stays even: %s", trial, counts(owners)).isTrue();
        }
    }
}
