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
}
