package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/channels: the alert channels of ductus.yaml, and whether a mail server is set for the email ones. */
@ApiSchema("ChannelList")
public record ChannelList(List<Channel> channels, boolean smtp) {

    public ChannelList {
        channels = channels == null ? List.of() : List.copyOf(channels);
    }

    /** A channel: email or webhook, a webhook's format, an email channel's addresses (webhook URLs are never sent). */
    @ApiSchema("ChannelList/channels")
    public record Channel(String name, String type, String format, List<String> to) {

        public Channel {
            to = to == null ? List.of() : List.copyOf(to);
        }
    }
}
