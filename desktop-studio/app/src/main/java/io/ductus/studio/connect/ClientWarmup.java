package io.ductus.studio.connect;

import io.ductus.client.DuctusClient;
import io.ductus.client.model.InterfaceList;
import io.ductus.client.model.MessagePage;

/**
 * Reads a small answer of each kind the first screens read, once, in the background while the connect screen
 * waits for the user: Jackson's first look at the API's records (their constructors, the time module) then
 * costs nothing when the dashboard opens with 1,000 interfaces. Nothing is sent anywhere.
 */
public final class ClientWarmup {

    private static final String INTERFACES = """
            {"draining":false,"interfaces":[{"name":"w","state":"running","reason":null,
             "source":{"type":"mllp","status":"ok","detail":null},"health":{"state":"ok","reason":null},"lastReceivedAt":"2026-01-01T00:00:00Z",
             "destinations":[{"interface":"w","name":"d","paused":false,"connector":{"type":"file","status":"ok","detail":null},
             "pending":0,"quarantined":0,"health":{"state":"ok","reason":null},"lastFinishedAt":null}]}]}""";
    private static final String MESSAGES = """
            {"messages":[{"id":1,"interface":"w","receivedAt":"2026-01-01T00:00:00Z","status":"sent","size":1,"charset":"UTF-8",
             "orderingKey":null,"lane":0,"dedupeKey":null,"duplicateOf":null,"settledAt":null,"editedFrom":null}],"next":null,"scanLimitReached":false}""";

    private ClientWarmup() {
    }

    /** Reads the samples; never fails (a warm-up that cannot warm only costs the first real read a little). */
    public static void run() {
        try {
            DuctusClient.JSON.readValue(INTERFACES, InterfaceList.class);
            DuctusClient.JSON.readValue(MESSAGES, MessagePage.class);
        } catch (java.io.IOException | RuntimeException e) {
            // nothing to warm then
        }
    }
}
