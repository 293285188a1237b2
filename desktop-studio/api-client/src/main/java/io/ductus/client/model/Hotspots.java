package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** GET /api/v1/hotspots: per destination with a backlog, where it sits. */
@ApiSchema("Hotspots")
public record Hotspots(List<DestinationHotspots> destinations) {

    public Hotspots {
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }

    /** One destination: how many deliveries wait, and what stands out among them (none: nothing does). */
    @ApiSchema("Hotspots/destinations")
    public record DestinationHotspots(@JsonProperty("interface") String interfaceName, String destination, long waiting,
                                      List<Hotspot> hotspots) {

        public DestinationHotspots {
            hotspots = hotspots == null ? List.of() : List.copyOf(hotspots);
        }
    }

    /** What was found: a blocked lane, a receiver that looks down, a hot lane, a lane no worker reads. */
    @ApiSchema("Hotspots/destinations/hotspots")
    public record Hotspot(String kind, Integer lane, String key, long waiting, String detail) {
    }
}
