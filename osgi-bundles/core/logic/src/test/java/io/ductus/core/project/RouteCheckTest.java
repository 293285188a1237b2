package io.ductus.core.project;

import io.ductus.store.Durability;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouteCheckTest {

    @Test
    void accepts_a_route_to_an_internal_interface_of_the_same_format() {
        Map<String, InterfaceDefinition> interfaces = interfaces(
                relay("adt", mllp(), Format.HL7, route("copy", "audit", Format.HL7)),
                relay("audit", SourceDefinition.INTERNAL, Format.HL7));
        assertThat(RouteCheck.check(interfaces, Set.of())).isEmpty();
    }

    @Test
    void refuses_a_target_that_does_not_exist() {
        List<RouteCheck.RouteProblem> problems = RouteCheck.check(interfaces(
                relay("adt", mllp(), Format.HL7, route("copy", "nowhere", Format.HL7))), Set.of());
        assertThat(problems).singleElement().satisfies(p -> {
            assertThat(p.destination()).isEqualTo("copy");
            assertThat(p.message()).isEqualTo("no interface 'nowhere'; interfaces: adt");
        });
    }

    @Test
    void refuses_a_target_with_a_listener_of_its_own() {
        List<RouteCheck.RouteProblem> problems = RouteCheck.check(interfaces(
                relay("adt", mllp(), Format.HL7, route("copy", "lab", Format.HL7)),
                relay("lab", mllp(), Format.HL7)), Set.of());
        assertThat(problems).extracting(RouteCheck.RouteProblem::message)
                .containsExactly("interface 'lab' has source type 'mllp'; a route's target needs source: internal");
    }

    @Test
    void refuses_a_format_the_target_does_not_read() {
        List<RouteCheck.RouteProblem> problems = RouteCheck.check(interfaces(
                relay("adt", mllp(), Format.HL7, route("copy", "audit", Format.JSON)),
                relay("audit", SourceDefinition.INTERNAL, Format.HL7)), Set.of());
        assertThat(problems).extracting(RouteCheck.RouteProblem::message).singleElement().asString()
                .startsWith("this destination outputs json but interface 'audit' reads hl7");
    }

    @Test
    void refuses_loops_and_shows_the_way_round() {
        List<RouteCheck.RouteProblem> problems = RouteCheck.check(interfaces(
                relay("a", SourceDefinition.INTERNAL, Format.HL7, route("next", "b", Format.HL7)),
                relay("b", SourceDefinition.INTERNAL, Format.HL7, route("next", "c", Format.HL7)),
                relay("c", SourceDefinition.INTERNAL, Format.HL7, route("next", "a", Format.HL7))), Set.of());
        assertThat(problems).extracting(RouteCheck.RouteProblem::message).containsExactly(
                "route loop: a → b → c → a; a message would be routed forever",
                "route loop: b → c → a → b; a message would be routed forever",
                "route loop: c → a → b → c; a message would be routed forever");
    }

    @Test
    void refuses_a_route_to_itself() {
        List<RouteCheck.RouteProblem> problems = RouteCheck.check(interfaces(
                relay("a", SourceDefinition.INTERNAL, Format.HL7, route("again", "a", Format.HL7))), Set.of());
        assertThat(problems).extracting(RouteCheck.RouteProblem::message).containsExactly("an interface cannot route to itself");
    }

    @Test
    void refuses_a_route_to_an_interface_that_has_problems() {
        List<RouteCheck.RouteProblem> problems = RouteCheck.check(interfaces(
                relay("adt", mllp(), Format.HL7, route("copy", "broken", Format.HL7))), Set.of("broken"));
        assertThat(problems).extracting(RouteCheck.RouteProblem::message)
                .containsExactly("interface 'broken' has problems of its own; fix them first");
    }

    private static SourceDefinition mllp() {
        return new SourceDefinition("mllp", Map.of("listen", "127.0.0.1:6661"));
    }

    private static DestinationDefinition route(String name, String target, Format output) {
        return new DestinationDefinition(name, "interface", Map.of("interface", target), DestinationTransform.DEFAULT, output, Retry.FOREVER, false);
    }

    private static InterfaceDefinition relay(String name, SourceDefinition source, Format format, DestinationDefinition... destinations) {
        Map<String, DestinationDefinition> map = new LinkedHashMap<>();
        for (DestinationDefinition d : destinations) map.put(d.name(), d);
        if (map.isEmpty()) map.put("archive", new DestinationDefinition("archive", "file", Map.of("path", "out"), DestinationTransform.DEFAULT,
                format, Retry.FOREVER, false));
        return new InterfaceDefinition(name, source, format, Optional.empty(), Durability.STRICT, Ordering.ONE_LANE,
                Optional.empty(), map);
    }

    private static Map<String, InterfaceDefinition> interfaces(InterfaceDefinition... definitions) {
        Map<String, InterfaceDefinition> map = new LinkedHashMap<>();
        for (InterfaceDefinition d : definitions) map.put(d.name(), d);
        return map;
    }
}
