package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * POST /api/v1/replays's body: the interfaces, the period ({@code from}/{@code to}, or {@code last} such as 7d), the
 * candidate ({@code draft}, {@code revision} with its number, {@code files}, {@code deployed}), paths not compared,
 * only some destinations.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("ReplayStart")
public record ReplayStart(@JsonProperty("interface") String interfaceName, List<String> interfaces, Instant from, Instant to, String last,
                          String candidate, Integer revision, Map<String, String> files, Map<String, String> binaryFiles,
                          List<String> ignore, List<String> destinations) {

    public ReplayStart {
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
        files = files == null ? Map.of() : Map.copyOf(files);
        binaryFiles = binaryFiles == null ? Map.of() : Map.copyOf(binaryFiles);
        ignore = ignore == null ? List.of() : List.copyOf(ignore);
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }

    /** These interfaces over the period up to now ({@code last}: 1d, 7d, 12h) through a candidate (revision only for "revision"). */
    public static ReplayStart last(List<String> interfaces, String last, String candidate, Integer revision, List<String> ignore) {
        return new ReplayStart(null, interfaces, null, null, last, candidate, revision, null, null, ignore, null);
    }

    /** These interfaces over a period through a candidate. */
    public static ReplayStart period(List<String> interfaces, Instant from, Instant to, String candidate, Integer revision, List<String> ignore) {
        return new ReplayStart(null, interfaces, from, to, null, candidate, revision, null, null, ignore, null);
    }
}
