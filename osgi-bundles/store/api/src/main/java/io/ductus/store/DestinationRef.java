package io.ductus.store;

import java.util.Objects;

/** One destination of one interface: destination names are unique only within their interface. */
public record DestinationRef(String interfaceName, String destination) {

    public DestinationRef {
        Objects.requireNonNull(interfaceName, "interfaceName");
        Objects.requireNonNull(destination, "destination");
    }

    @Override
    public String toString() {
        return interfaceName + "/" + destination;
    }
}
