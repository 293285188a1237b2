package io.ductus.core.project;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks routes (destinations of type {@code interface}): the target exists without problems, has
 * {@code source: internal}, reads the format the destination outputs, and no chain of routes comes back
 * to where it started (a loop would store messages forever).
 */
public final class RouteCheck {

    /** A route that cannot work. */
    public record RouteProblem(String interfaceName, String destination, String message) {
    }

    private RouteCheck() {
    }

    /**
     * @param interfaces the interfaces that passed their own checks
     * @param refused    interfaces that exist but have problems of their own
     */
    public static List<RouteProblem> check(Map<String, InterfaceDefinition> interfaces, Set<String> refused) {
        List<RouteProblem> problems = new ArrayList<>();
        for (InterfaceDefinition from : interfaces.values()) {
            for (DestinationDefinition destination : from.destinations().values()) {
                destination.routeTarget().flatMap(target -> targetProblem(from, destination, target, interfaces, refused))
                        .ifPresent(message -> problems.add(new RouteProblem(from.name(), destination.name(), message)));
            }
        }
        for (InterfaceDefinition from : interfaces.values()) {
            for (DestinationDefinition destination : from.destinations().values()) {
                destination.routeTarget().filter(interfaces::containsKey)
                        .flatMap(target -> loopBack(from.name(), target, interfaces))
                        .ifPresent(loop -> problems.add(new RouteProblem(from.name(), destination.name(),
                                "route loop: " + String.join(" → ", loop) + "; a message would be routed forever")));
            }
        }
        return problems;
    }

    private static Optional<String> targetProblem(InterfaceDefinition from, DestinationDefinition destination, String target,
                                                  Map<String, InterfaceDefinition> interfaces, Set<String> refused) {
        if (refused.contains(target)) {
            return Optional.of("interface '" + target + "' has problems of its own; fix them first");
        }
        InterfaceDefinition to = interfaces.get(target);
        if (to == null) {
            return Optional.of("no interface '" + target + "'; interfaces: " + String.join(", ", interfaces.keySet()));
        }
        if (target.equals(from.name())) {
            return Optional.of("an interface cannot route to itself");
        }
        if (!to.source().isInternal()) {
            return Optional.of("interface '" + target + "' has source type '" + to.source().type()
                    + "'; a route's target needs source: internal");
        }
        if (to.format() != destination.outputFormat()) {
            return Optional.of("this destination outputs " + destination.outputFormat().word() + " but interface '" + target
                    + "' reads " + to.format().word() + " (set format: on the destination or on the target)");
        }
        return Optional.empty();
    }

    /** The chain from {@code start} through {@code first} back to {@code start}, if routes lead back. */
    private static Optional<List<String>> loopBack(String start, String first, Map<String, InterfaceDefinition> interfaces) {
        if (first.equals(start)) return Optional.empty();
        List<String> path = new ArrayList<>(List.of(start));
        return walk(first, start, interfaces, path, new LinkedHashSet<>());
    }

    private static Optional<List<String>> walk(String current, String start, Map<String, InterfaceDefinition> interfaces,
                                               List<String> path, Set<String> seen) {
        path.add(current);
        if (current.equals(start)) return Optional.of(List.copyOf(path));
        if (seen.add(current) && interfaces.containsKey(current)) {
            for (DestinationDefinition next : interfaces.get(current).destinations().values()) {
                Optional<String> target = next.routeTarget().filter(interfaces::containsKey);
                if (target.isPresent()) {
                    Optional<List<String>> found = walk(target.get(), start, interfaces, path, seen);
                    if (found.isPresent()) return found;
                }
            }
        }
        path.remove(path.size() - 1);
        return Optional.empty();
    }
}
